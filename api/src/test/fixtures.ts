import { SEED_USERS } from '../seed/seed.ts'
import type { TestApp } from './http.ts'

export type SeedEmail = (typeof SEED_USERS)[number]['email']

/** Signs in every seeded user and finds the seeded rows the permission tests aim at. */
export async function seededWorld(t: TestApp) {
  const cookies: Record<string, string> = {}
  const ids: Record<string, string> = {}
  for (const u of SEED_USERS) {
    cookies[u.email] = await t.signIn(u.email)
    ids[u.email] = await t.userId(u.email)
  }
  const caseBy = async (tenant: string, createdBy: string, assigned: boolean) => {
    let query = t.db
      .selectFrom('cases')
      .select('id')
      .where('tenant_slug', '=', tenant)
      .where('created_by', '=', ids[createdBy] as string)
    query = assigned ? query.where('assigned_to', 'is not', null) : query.where('assigned_to', 'is', null)
    return (await query.orderBy('created_at').executeTakeFirstOrThrow()).id
  }
  const conversationOf = async (email: string) =>
    (
      await t.db
        .selectFrom('conversations')
        .select('id')
        .where('user_id', '=', ids[email] as string)
        .executeTakeFirstOrThrow()
    ).id
  const cookie = (email: string) => cookies[email] as string
  const userId = (email: string) => ids[email] as string
  return {
    cookie,
    userId,
    techCase: await caseBy('demo', 'tech@demo.local', false),
    /** Created by the manager and assigned to nobody: technicians may not see it. */
    managerCase: await caseBy('demo', 'manager@demo.local', false),
    harborCase: await caseBy('harbor', 'tech@harbor.local', false),
    conversationOf,
    caseDescription: async (id: string) =>
      (await t.db.selectFrom('cases').select('description').where('id', '=', id).executeTakeFirstOrThrow()).description,
    demoSetId: (
      await t.db.selectFrom('training_sets').select('id').where('tenant_slug', '=', 'demo').executeTakeFirstOrThrow()
    ).id,
  }
}
