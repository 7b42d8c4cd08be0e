import type { Selectable } from 'kysely'

export interface ConversationTable {
  id: string
  tenant_slug: string
  user_id: string
  agent_id: string
  title: string | null
  status: string
  created_at: string
  updated_at: string
  /** Set when its owner deleted it: hidden everywhere, kept so the delete can be undone. */
  deleted_at: string | null
}
export type ConversationRow = Selectable<ConversationTable>

export interface MessageTable {
  id: string
  tenant_slug: string
  conversation_id: string
  role: string
  content: string
  sources_json: string
  /** For an assistant message, the user message it answers (unique: one answer per question). */
  reply_to: string | null
  created_at: string
  /** An answer's AnswerOrigin as JSON (null for questions and for answers older than it). */
  answer_json: string | null
}
export type MessageRow = Selectable<MessageTable>

export interface QueryLogTable {
  id: string
  tenant_slug: string
  user_id: string
  expert: string
  query: string
  /** Best retrieval score of the answer's passages, 0 to 1; low values feed the low-confidence report. */
  best_score: number
  created_at: string
}

export interface MessageFeedbackTable {
  id: string
  tenant_slug: string
  message_id: string
  user_id: string
  rating: 'up' | 'down'
  comment: string | null
  created_at: string
}
