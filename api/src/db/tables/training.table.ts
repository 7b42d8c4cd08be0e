import type { Selectable } from 'kysely'

export interface TrainingSetTable {
  id: string
  tenant_slug: string
  title: string
  description: string
  expert: string
  questions_json: string
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
  completed: number
  score: number | null
  created_by: string
  created_at: string
  updated_at: string
}
export type TrainingAssignmentRow = Selectable<TrainingAssignmentTable>
