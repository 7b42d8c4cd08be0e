import type { Generated, Selectable } from 'kysely'

export interface TrainingSetTable {
  id: string
  tenant_slug: string
  title: string
  description: string
  expert: string
  questions_json: string
  status: Generated<string>
  version: Generated<number>
  created_by: string
  created_at: string
  updated_at: string
}
export type TrainingSetRow = Selectable<TrainingSetTable>

export interface TrainingAssignmentTable {
  id: string
  tenant_slug: string
  set_id: string
  assigned_to_role: string | null
  assigned_to_id: string | null
  due_date: Generated<string | null>
  completed: number
  score: number | null
  created_by: string
  created_at: string
  updated_at: string
}
export type TrainingAssignmentRow = Selectable<TrainingAssignmentTable>

export interface TrainingAttemptTable {
  id: string
  tenant_slug: string
  assignment_id: string
  user_id: string
  answers_json: string
  /** Questions the attempt answered, of `questions` in the set when it was taken. */
  answered: number
  questions: number
  score: number
  completed_at: string
  /** The set's version the answers were given to (null: taken before sets had versions). */
  set_version: number | null
}

export interface TrainingImageTable {
  id: string
  tenant_slug: string
  media_type: string
  bytes: Uint8Array
  created_by: string
  created_at: string
}

export interface TrainingSetVersionTable {
  set_id: string
  version: number
  questions_json: string
}
