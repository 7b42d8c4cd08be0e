import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pushAnswerSchema } from '@mw/sync-protocol'
import Database from 'better-sqlite3'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, describe, expect, it } from 'vitest'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'
import { newCase } from './sync-kit.ts'

/**
 * kill -9 under write load: devices push through the sync endpoint as their outboxes do (keep a
 * change until the server answers for it, resend it otherwise) and a REST client writes with
 * Idempotency-Key, while the server process is killed without warning again and again. Every
 * acknowledged write must survive, nothing may apply twice, and the database must stay intact.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-crash-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const KILLS = 4
const LOAD_MS = 1500
const DEVICES = ['tech@demo.local', 'tech@demo.local', 'manager@demo.local', 'admin@demo.local']
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Change {
  mid: string
  seq: number
  caseId: string
}

describe('kill -9 under write load', () => {
  it('loses no acknowledged write, applies none twice and leaves an intact database', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    let server: ChildProcess = startServer(port, dataDir)
    await untilReady(base, server)

    const cookies = new Map<string, string>()
    for (const email of new Set(DEVICES)) {
      const res = await fetch(`${base}/api/login/local`, {
        method: 'POST',
        body: new URLSearchParams({ email }),
        redirect: 'manual',
      })
      cookies.set(email, res.headers.get('set-cookie')?.split(';')[0] ?? '')
    }

    let running = true
    const made: Change[] = []
    const acknowledged = new Set<string>()
    const problems: string[] = []
    const restCases = new Map<string, string>() // Idempotency-Key -> case id from the 201 it got

    async function device(email: string) {
      const deviceId = uuidv7()
      const headers = { cookie: cookies.get(email) ?? '', 'content-type': 'application/json' }
      const outbox: Change[] = []
      let seq = 0
      const push = async () => {
        const batch = outbox.slice(0, 20)
        const mutations = batch.map((c) => {
          const m = { ...newCase(c.seq, `sync ${c.mid}`), mid: c.mid }
          m.args.id = c.caseId
          return m
        })
        const res = await fetch(`${base}/api/t/demo/sync/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ deviceId, mutations }),
        })
        if (res.status !== 200) return
        for (const result of pushAnswerSchema.parse(await res.json()).results) {
          // Anything but applied/duplicate breaks the contract; noted here (a throw would be taken for a cut link).
          if (result.status !== 'applied' && result.status !== 'duplicate') problems.push(JSON.stringify(result))
          else acknowledged.add(result.mid)
          outbox.splice(
            outbox.findIndex((c) => c.mid === result.mid),
            1,
          )
        }
      }
      while (running || outbox.length > 0) {
        if (running) {
          for (let i = 0; i < 3; i++) {
            const change = { mid: uuidv7(), seq: ++seq, caseId: uuidv7() }
            outbox.push(change)
            made.push(change)
          }
        }
        await push().catch(() => pause(50))
      }
    }

    async function restClient() {
      const headers = { cookie: cookies.get('manager@demo.local') ?? '', 'content-type': 'application/json' }
      while (running) {
        const key = uuidv7()
        // Retried with the same key until the server answers for it: a crash mid-request must not double it.
        for (;;) {
          const res = await fetch(`${base}/api/t/demo/cases`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': key },
            body: JSON.stringify({ title: `rest ${key}`, expert: 'seakeeper', description: '' }),
          }).catch(() => null)
          // A kill can cut the answer after its headers: then it was not acknowledged, and is sent again.
          const created = res?.status === 201 ? ((await res.json().catch(() => null)) as { id: string } | null) : null
          if (created) {
            const earlier = restCases.get(key)
            if (earlier && earlier !== created.id) problems.push(`key ${key} created two cases`)
            restCases.set(key, created.id)
            break
          }
          await pause(50)
        }
      }
    }

    const writers = [...DEVICES.map(device), restClient()]
    for (let kill = 0; kill < KILLS; kill++) {
      await pause(LOAD_MS)
      const exited = exitOf(server)
      server.kill('SIGKILL')
      await exited
      server = startServer(port, dataDir)
      await untilReady(base, server)
    }
    await pause(LOAD_MS)
    running = false
    await Promise.all(writers)
    const stopped = exitOf(server)
    server.kill('SIGTERM')
    expect(await stopped).toBe(0)

    const db = new Database(path.join(dataDir, 'workbench.db'), { readonly: true })
    try {
      expect(problems).toEqual([])
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const caseIds = new Set((db.prepare('SELECT id FROM cases').all() as { id: string }[]).map((r) => r.id))
      // Every change made was acknowledged in the end (outboxes drain) and every one is stored.
      expect(made.length).toBeGreaterThan(100)
      expect(made.filter((c) => !acknowledged.has(c.mid))).toEqual([])
      expect(made.filter((c) => !caseIds.has(c.caseId))).toEqual([])
      const syncRows = db.prepare(`SELECT COUNT(*) AS n FROM cases WHERE title LIKE 'sync %'`).get() as { n: number }
      expect(syncRows.n).toBe(made.length)
      // Each Idempotency-Key made exactly one case, the one its 201 named.
      expect(restCases.size).toBeGreaterThan(5)
      const restRows = db.prepare(`SELECT title, id FROM cases WHERE title LIKE 'rest %'`).all() as {
        title: string
        id: string
      }[]
      expect(restRows.length).toBe(restCases.size)
      for (const row of restRows) expect(restCases.get(row.title.slice(5))).toBe(row.id)
    } finally {
      db.close()
    }
  }, 120_000)
})
