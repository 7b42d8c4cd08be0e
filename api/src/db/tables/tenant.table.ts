import type { Insertable, Selectable } from 'kysely'

export interface TenantTable {
  slug: string
  name: string
  theme: string
  logo_url: string | null
  logo_letters: string
  /** Branding accent (#rrggbb) replacing the theme's primary colour; null keeps the theme's. */
  accent_color: string | null
  /** JSON: { seakeeper: ExpertModelConfig, furuno: ExpertModelConfig } */
  models_json: string
  created_at: string
  updated_at: string
}
export type TenantRow = Selectable<TenantTable>
export type InsertableTenantRow = Insertable<TenantTable>

export interface TenantLogoTable {
  tenant_slug: string
  media_type: 'image/png' | 'image/webp' | 'image/svg+xml'
  bytes: Uint8Array
  sha256: string
  updated_at: string
}
