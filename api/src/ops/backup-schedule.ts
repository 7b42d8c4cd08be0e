/**
 * Scheduled backups: with BACKUP_DIR set, the server writes a backup every BACKUP_EVERY_HOURS into
 * it (`workbench-<time>.tar.gz`) and keeps the newest BACKUP_KEEP, deleting older ones.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import { backup } from './backup.ts'

const NAME = /^workbench-\d{8}T\d{6}Z\.tar\.gz$/

export async function runScheduledBackup(env: Env, dir: string, keep: number, at = new Date()): Promise<string> {
  fs.mkdirSync(dir, { recursive: true })
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const file = path.join(dir, `workbench-${stamp}.tar.gz`)
  await backup(env, file)
  const old = fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .reverse()
    .slice(keep)
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true })
  return file
}

export function scheduleBackups(env: Env, log: Logger): (() => void) | null {
  const dir = env.BACKUP_DIR
  if (!dir) return null
  const run = () =>
    runScheduledBackup(env, dir, env.BACKUP_KEEP).then(
      (file) => log.info({ file }, 'backup written'),
      (err: unknown) => log.error({ err }, 'scheduled backup failed'),
    )
  const timer = setInterval(run, env.BACKUP_EVERY_HOURS * 3_600_000)
  timer.unref()
  return () => clearInterval(timer)
}
