import type { Conversation, Message, Source } from '@mw/sync-protocol'
import type { Insertable } from 'kysely'
import type { Db } from '../database.ts'
import type { ConversationRow, ConversationTable, MessageRow, MessageTable } from '../tables/conversation.table.ts'

export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  title: row.title,
  agentId: row.agent_id as Conversation['agentId'],
  status: row.status as Conversation['status'],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversationId: row.conversation_id,
  role: row.role as Message['role'],
  content: row.content,
  createdAt: row.created_at,
  metadata: { sources: JSON.parse(row.sources_json) as Source[] },
  replyTo: row.reply_to,
})

/** Conversations belong to their user: every lookup is by tenant and owner. */
export function listConversations(db: Db, tenant: string, userId: string, agentId?: string) {
  let query = db.selectFrom('conversations').selectAll().where('tenant_slug', '=', tenant).where('user_id', '=', userId)
  if (agentId) query = query.where('agent_id', '=', agentId)
  return query.orderBy('updated_at', 'desc').execute()
}

export const findOwnConversation = (db: Db, tenant: string, userId: string, id: string) =>
  db
    .selectFrom('conversations')
    .selectAll()
    .where('tenant_slug', '=', tenant)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()

export const listMessages = (db: Db, conversationId: string) =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()

/** Whether a conversation id is used in any tenant (an id the device made up must be new). */
export async function conversationIdTaken(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('conversations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

export async function insertConversation(db: Db, row: Insertable<ConversationTable>): Promise<void> {
  await db.insertInto('conversations').values(row).execute()
}

export async function touchConversation(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('conversations').set({ updated_at: at }).where('id', '=', id).execute()
}

export const findMessage = (db: Db, id: string) =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst()

export async function insertMessage(
  db: Db,
  rows: Insertable<MessageTable> | Insertable<MessageTable>[],
): Promise<void> {
  await db.insertInto('messages').values(rows).execute()
}

/** Inserts an answer unless its question is answered already (reply_to is unique); undefined then. */
export const insertAnswerIfFirst = (db: Db, row: Insertable<MessageTable>) =>
  db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.column('reply_to').doNothing())
    .returningAll()
    .executeTakeFirst()

export const findAnswerTo = (db: Db, replyTo: string) =>
  db.selectFrom('messages').selectAll().where('reply_to', '=', replyTo).executeTakeFirstOrThrow()
