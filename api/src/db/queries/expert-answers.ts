import type { Actor } from '../../auth/actor.ts'
import type { Db } from '../database.ts'

/** The stored answer to a user message (reply_to is unique: one answer per question). */
export const findAnswer = (db: Db, userMessageId: string) =>
  db.selectFrom('messages').selectAll().where('reply_to', '=', userMessageId).executeTakeFirst()

/** A user message with its conversation, for answering it on behalf of its author. */
export const findUserMessage = (db: Db, tenant: string, messageId: string) =>
  db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select([
      'messages.id',
      'messages.content',
      'messages.created_at',
      'messages.conversation_id',
      'conversations.user_id',
      'conversations.agent_id',
    ])
    .where('messages.tenant_slug', '=', tenant)
    .where('messages.id', '=', messageId)
    .where('messages.role', '=', 'user')
    .executeTakeFirst()

/** The turns before a message, newest last. */
export const messagesBefore = (db: Db, conversationId: string, createdAt: string, messageId: string, limit: number) =>
  db
    .selectFrom('messages')
    .select(['id', 'role', 'content'])
    .where('conversation_id', '=', conversationId)
    .where('id', '!=', messageId)
    .where('created_at', '<=', createdAt)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.reverse())

/** User messages to the experts that have no answer yet (e.g. the server stopped mid-answer). */
export const unansweredUserMessages = (db: Db) =>
  db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('memberships as ms', (join) =>
      join.onRef('ms.tenant_slug', '=', 'c.tenant_slug').onRef('ms.user_id', '=', 'c.user_id'),
    )
    .leftJoin('messages as a', 'a.reply_to', 'm.id')
    .select(['m.id', 'c.tenant_slug', 'c.user_id', 'ms.role'])
    .where('m.role', '=', 'user')
    .where('c.agent_id', 'in', ['seakeeper', 'furuno'])
    .where('a.id', 'is', null)
    .orderBy('m.created_at')
    .execute()

/** A message id a device chose: unused, this user's own question (in its conversation), or taken. */
export async function messageIdUse(
  db: Db,
  actor: Actor,
  messageId: string,
): Promise<{ use: 'free' } | { use: 'own'; conversationId: string } | { use: 'taken' }> {
  const own = await findUserMessage(db, actor.tenant, messageId)
  if (own) return own.user_id === actor.userId ? { use: 'own', conversationId: own.conversation_id } : { use: 'taken' }
  const taken = await db.selectFrom('messages').select('id').where('id', '=', messageId).executeTakeFirst()
  return taken ? { use: 'taken' } : { use: 'free' }
}
