import type { Insertable, Selectable } from 'kysely'

export interface TenantTable {
  slug: string
  name: string
  theme: string
  logo_url: string | null
  logo_letters: string
  /** JSON: { seakeeper: ExpertModelConfig, furuno: ExpertModelConfig } */
  models_json: string
  created_at: string
  updated_at: string
}
export type TenantRow = Selectable<TenantTable>
export type InsertableTenantRow = Insertable<TenantTable>
