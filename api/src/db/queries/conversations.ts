import type { AnswerOrigin, Conversation, Message, Source } from '@mw/sync-protocol'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../database.ts'
import type { ConversationRow, ConversationTable, MessageRow, MessageTable } from '../tables/conversation.table.ts'
import { type PageRequest, pagedList, WHOLE_LIST } from './paging.ts'

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
  metadata: {
    sources: JSON.parse(row.sources_json) as Source[],
    ...(row.answer_json ? { answer: JSON.parse(row.answer_json) as AnswerOrigin } : {}),
  },
  replyTo: row.reply_to,
})

/** Conversations belong to their user: every lookup is by tenant and owner, and never finds a deleted one but to restore it. */
const allOwnConversations = (db: Db, tenant: string, userId: string) =>
  db.selectFrom('conversations').selectAll().where('tenant_slug', '=', tenant).where('user_id', '=', userId)

const ownConversations = (db: Db, tenant: string, userId: string) =>
  allOwnConversations(db, tenant, userId).where('deleted_at', 'is', null)

export const findOwnDeletedConversation = (db: Db, tenant: string, userId: string, id: string) =>
  allOwnConversations(db, tenant, userId).where('id', '=', id).where('deleted_at', 'is not', null).executeTakeFirst()

const conversationsPage = pagedList(
  { sort: 'updated_at', id: 'id', desc: true },
  (db, _shape: null, tenant: string, userId: string, agentId: string | undefined, pattern: string | undefined) => {
    let query = ownConversations(db, tenant, userId)
    if (agentId !== undefined) query = query.where('agent_id', '=', agentId)
    if (pattern === undefined) return query
    return query.where((eb) =>
      eb.or([
        sql<boolean>`lower(conversations.title) LIKE ${pattern} ESCAPE '\\'`,
        eb.exists(
          eb
            .selectFrom('messages')
            .select('messages.id')
            .whereRef('messages.conversation_id', '=', 'conversations.id')
            .where(sql<boolean>`lower(messages.content) LIKE ${pattern} ESCAPE '\\'`),
        ),
      ]),
    )
  },
)

export function listConversations(
  db: Db,
  tenant: string,
  userId: string,
  filters: { agentId?: string; search?: string } = {},
  page: PageRequest = WHOLE_LIST,
) {
  const { agentId, search } = filters
  // Title or any message's text, ignoring case on both databases; LIKE's own wildcards in the search are taken literally.
  const pattern = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined
  return conversationsPage(db, null, page, tenant, userId, agentId || undefined, pattern)
}

export const findOwnConversation = (db: Db, tenant: string, userId: string, id: string) =>
  ownConversations(db, tenant, userId).where('id', '=', id).executeTakeFirst()

export async function updateConversation(
  db: Db,
  id: string,
  fields: { title?: string; deleted_at?: string | null },
  at: string,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ ...fields, updated_at: at })
    .where('id', '=', id)
    .execute()
}

export const messageIdsOf = async (db: Db, conversationId: string) =>
  (await db.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).execute()).map(
    (r) => r.id,
  )

export async function saveFeedback(
  db: Db,
  f: {
    id: string
    tenant: string
    messageId: string
    userId: string
    rating: 'up' | 'down'
    comment: string | null
    at: string
  },
) {
  await db
    .insertInto('message_feedback')
    .values({
      id: f.id,
      tenant_slug: f.tenant,
      message_id: f.messageId,
      user_id: f.userId,
      rating: f.rating,
      comment: f.comment,
      created_at: f.at,
    })
    .onConflict((oc) =>
      oc.columns(['message_id', 'user_id']).doUpdateSet({ rating: f.rating, comment: f.comment, created_at: f.at }),
    )
    .execute()
}

/** The rating a user gave an answer, if any. */
export const findFeedback = (db: Db, messageId: string, userId: string) =>
  db
    .selectFrom('message_feedback')
    .select('rating')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .executeTakeFirst()

/** A message in one of the user's own (not deleted) conversations. */
export const findOwnMessage = (db: Db, tenant: string, userId: string, messageId: string) =>
  db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select(['messages.id', 'messages.role', 'messages.reply_to', 'conversations.agent_id'])
    .where('messages.id', '=', messageId)
    .where('messages.tenant_slug', '=', tenant)
    .where('conversations.user_id', '=', userId)
    .where('conversations.deleted_at', 'is', null)
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

/** Answers citing passages of no document (the seeded samples', written before any manual), with their question. */
export const answersCitingNoDocument = (db: Db, tenant: string) =>
  db
    .selectFrom('messages as a')
    .innerJoin('messages as q', 'q.id', 'a.reply_to')
    .innerJoin('conversations as c', 'c.id', 'a.conversation_id')
    .select(['a.id', 'c.agent_id', 'c.title', 'q.content as question'])
    .where('a.tenant_slug', '=', tenant)
    .where('a.role', '=', 'assistant')
    .where('a.sources_json', '!=', '[]')
    .where('a.sources_json', 'not like', '%"documentId"%')
    .execute()

export async function setMessageSources(db: Db, id: string, sources: Source[]): Promise<void> {
  await db
    .updateTable('messages')
    .set({ sources_json: JSON.stringify(sources) })
    .where('id', '=', id)
    .execute()
}
