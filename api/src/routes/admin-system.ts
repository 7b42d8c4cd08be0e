import fs from 'node:fs'
import path from 'node:path'
import {
  EXPERTS,
  inviteMemberSchema,
  memberStatusBodySchema,
  PROTOCOL_VERSION,
  type SystemInfo,
} from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { assertAdmin } from '../auth/actor.ts'
import { type Db, isPostgres } from '../db/database.ts'
import { answerOrigins, postgresDatabaseSize, systemFigures } from '../db/queries/system.ts'
import { findTenant, parseModels } from '../db/queries/tenants.ts'
import type { Env } from '../env.ts'
import { unavailableReason } from '../experts/providers.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { recentErrors } from '../lib/logger.ts'
import { validate } from '../middleware/validate.ts'
import { inviteMember, removeMember, setMemberActive } from '../mutations/members.ts'
import { answerMutation } from '../mutations/run-mutation.ts'
import { REPO_ROOT } from '../paths.ts'

const ROOT_PACKAGE = path.join(REPO_ROOT, 'package.json')
const VERSION = (JSON.parse(fs.readFileSync(ROOT_PACKAGE, 'utf8')) as { version?: string }).version ?? 'unknown'
const STARTED_AT = new Date().toISOString()

const WEEK_MS = 7 * 24 * 3600 * 1000

async function modelFigures(db: Db, env: Env, tenant: string): Promise<SystemInfo['models']> {
  const row = await findTenant(db, tenant)
  const models = parseModels(row ?? { models_json: '{}' })
  const origins = await answerOrigins(db, tenant, new Date(Date.now() - WEEK_MS).toISOString())
  return EXPERTS.map((expert) => {
    const count = (by: string) => origins.find((o) => o.expert === expert && o.by === by)?.count ?? 0
    const { primary } = models[expert]
    return {
      expert,
      primary: `${primary.provider}:${primary.model}`,
      unavailable: unavailableReason(primary, env),
      answers: { primary: count('primary'), fallback: count('fallback'), local: count('local') },
    }
  })
}

/** The served web build: the content hash in its entry bundle's name, and when index.html was written. */
function webBuild(env: Env): SystemInfo['build'] {
  const index = path.join(env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'), 'index.html')
  try {
    const id = /\/assets\/index-([\w-]+)\.js/.exec(fs.readFileSync(index, 'utf8'))?.[1] ?? null
    return { id, builtAt: fs.statSync(index).mtime.toISOString() }
  } catch {
    return { id: null, builtAt: null }
  }
}

const fileSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0)

/** Members an Admin adds and removes, and the System tab's figures. */
export const adminSystemRoutes = new Hono<AppEnv>()
  .post('/admin/users', validate('json', inviteMemberSchema), async (c) => {
    const args = c.req.valid('json')
    return answerMutation(c, (trx) => inviteMember(trx, c.get('actor'), args), { status: 201 })
  })
  .delete('/admin/users/:userId', async (c) => {
    const args = { userId: c.req.param('userId') }
    return answerMutation(c, (trx) => removeMember(trx, c.get('actor'), args), { status: 204 })
  })
  .put('/admin/users/:userId/status', validate('json', memberStatusBodySchema), async (c) => {
    const args = { userId: c.req.param('userId'), active: c.req.valid('json').active }
    return answerMutation(c, (trx) => setMemberActive(trx, c.get('actor'), args))
  })
  .get('/admin/system', async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const { db, env } = c.get('deps')
    let freeBytes: number | null = null
    try {
      const stats = fs.statfsSync(path.dirname(env.dbFile))
      freeBytes = stats.bavail * stats.bsize
    } catch {
      // No data directory (an in-memory database in tests): nothing to tell.
    }
    const body: SystemInfo = {
      version: VERSION,
      build: webBuild(env),
      protocolVersion: String(PROTOCOL_VERSION),
      node: process.version,
      startedAt: STARTED_AT,
      database: isPostgres(db)
        ? { kind: 'postgres', sizeBytes: await postgresDatabaseSize(db), freeBytes: null }
        : { kind: 'sqlite', sizeBytes: fileSize(env.dbFile) + fileSize(`${env.dbFile}-wal`), freeBytes },
      ...(await systemFigures(db, actor.tenant)),
      models: await modelFigures(db, env, actor.tenant),
      recentErrors: recentErrors(c.get('deps').log, actor.tenant),
    }
    return jsonAnswer(c, body)
  })
