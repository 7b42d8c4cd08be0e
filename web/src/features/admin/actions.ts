import type { Branding, Expert, ExpertModelConfig, Role } from '@mw/sync-protocol'
import type { LocalDb } from '../../db/local-db.ts'
import { enqueueMutation } from '../../sync/outbox.ts'

export async function saveBranding(db: LocalDb, branding: Branding): Promise<{ mid: string }> {
  const mid = await enqueueMutation(db, { type: 'tenant.saveBranding', args: { branding } })
  return { mid }
}

export async function saveModelConfig(
  db: LocalDb,
  expert: Expert,
  config: ExpertModelConfig,
): Promise<{ mid: string }> {
  const mid = await enqueueMutation(db, { type: 'tenant.saveModel', args: { expert, config } })
  return { mid }
}

export async function changeUserRole(db: LocalDb, userId: string, role: Role): Promise<{ mid: string }> {
  const mid = await enqueueMutation(db, { type: 'user.setRole', args: { userId, role } })
  return { mid }
}
