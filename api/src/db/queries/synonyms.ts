import type { Db } from '../database.ts'

/** The admin's synonym groups for an expert ([] when none were saved). */
export async function expertSynonyms(db: Db, tenant: string, expert: string): Promise<string[][]> {
  const row = await db
    .selectFrom('kb_synonyms')
    .select('groups')
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .executeTakeFirst()
  return row ? (JSON.parse(row.groups) as string[][]) : []
}

/** Synonym groups of several experts at once, by expert (for the sync feed). */
export async function synonymsByExpert(db: Db, tenant: string, experts: string[]): Promise<Map<string, string[][]>> {
  if (experts.length === 0) return new Map()
  const rows = await db
    .selectFrom('kb_synonyms')
    .select(['expert', 'groups'])
    .where('tenant_slug', '=', tenant)
    .where('expert', 'in', experts)
    .execute()
  return new Map(rows.map((r) => [r.expert, JSON.parse(r.groups) as string[][]]))
}

export async function saveSynonyms(
  db: Db,
  row: { tenant: string; expert: string; groups: string[][]; userId: string; at: string },
): Promise<void> {
  await db
    .insertInto('kb_synonyms')
    .values({
      tenant_slug: row.tenant,
      expert: row.expert,
      groups: JSON.stringify(row.groups),
      updated_at: row.at,
      updated_by: row.userId,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_slug', 'expert']).doUpdateSet({
        groups: JSON.stringify(row.groups),
        updated_at: row.at,
        updated_by: row.userId,
      }),
    )
    .execute()
}
