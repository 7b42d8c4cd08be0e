import { sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'

/** A tenant's knowledge base and sync figures for the System tab. */
export async function systemFigures(db: Db, tenant: string) {
  const docs = await db
    .selectFrom('kb_documents')
    .select([
      sql<number>`count(*)`.as('documents'),
      sql<number>`coalesce(sum(passage_count), 0)`.as('passages'),
      sql<number>`coalesce(sum(case when status = 'processing' then 1 else 0 end), 0)`.as('processing'),
      sql<number>`coalesce(sum(case when status = 'failed' then 1 else 0 end), 0)`.as('failed'),
    ])
    .where('tenant_slug', '=', tenant)
    .executeTakeFirstOrThrow()
  const devices = await db
    .selectFrom('sync_devices')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(last_seen_at)`.as('last')])
    .where('tenant_slug', '=', tenant)
    .executeTakeFirstOrThrow()
  const waiting = await db
    .selectFrom('messages as q')
    .select(sql<string | null>`min(q.created_at)`.as('oldest'))
    .where('q.tenant_slug', '=', tenant)
    .where('q.role', '=', 'user')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('messages as a').select('a.id').whereRef('a.reply_to', '=', 'q.id'))),
    )
    .executeTakeFirstOrThrow()
  return {
    knowledge: {
      documents: Number(docs.documents),
      passages: Number(docs.passages),
      processing: Number(docs.processing),
      failed: Number(docs.failed),
    },
    sync: { devices: Number(devices.n), lastSeenAt: devices.last, oldestWaitingAt: waiting.oldest },
  }
}

/** Who wrote a tenant's answers since `since`, per expert: the chosen model, its fallback, or the manuals alone. */
export async function answerOrigins(db: Db, tenant: string, since: string) {
  const by = isPostgres(db)
    ? sql<string>`messages.answer_json::json->>'by'`
    : sql<string>`json_extract(messages.answer_json, '$.by')`
  const rows = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select(['conversations.agent_id as expert', by.as('by'), sql<number>`count(*)`.as('n')])
    .where('messages.tenant_slug', '=', tenant)
    .where('messages.role', '=', 'assistant')
    .where('messages.answer_json', 'is not', null)
    .where('messages.created_at', '>=', since)
    .groupBy(['conversations.agent_id', by])
    .execute()
  return rows.map((r) => ({ expert: r.expert, by: r.by, count: Number(r.n) }))
}

/** The PostgreSQL database's size on disk, tables and indexes together. */
export async function postgresDatabaseSize(db: Db): Promise<number> {
  const { rows } = await sql<{ size: number }>`SELECT pg_database_size(current_database()) AS size`.execute(db)
  return Number(rows[0]?.size ?? 0)
}
