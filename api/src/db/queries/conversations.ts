import type { Conversation, Message, Source } from '@mw/sync-protocol'
import type { Db } from '../database.ts'
import type { ConversationRow, MessageRow } from '../tables/conversation.table.ts'

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
