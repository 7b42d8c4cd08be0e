import { defaultExpertModelConfig, type Role } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { anyTenant, insertTenant } from '../db/queries/tenants.ts'
import { now } from '../lib/time.ts'
import { addMember } from '../mutations/members.ts'
import { DEMO_CASES, HARBOR_CASES } from './sample-cases.ts'
import { CONVERSATIONS_BY_PERSON } from './sample-conversations.ts'
import { SAMPLE_QUERIES } from './sample-queries.ts'
import { SAMPLE_ASSIGNMENTS, SAMPLE_TRAINING_SETS } from './sample-training.ts'
import { seedSamples, type TenantSamples } from './seed-samples.ts'

export const SEED_TENANTS = [
  { slug: 'demo', name: 'Marine Workbench', theme: 'slate' },
  { slug: 'harbor', name: 'Harbor Marine Services', theme: 'forest' },
] as const
export type SeedTenantSlug = (typeof SEED_TENANTS)[number]['slug']

export const SEED_USERS: { email: string; firstName: string; lastName: string; tenant: string; role: Role }[] = [
  { email: 'admin@demo.local', firstName: 'Avery', lastName: 'Admin', tenant: 'demo', role: 'Admin' },
  { email: 'manager@demo.local', firstName: 'Morgan', lastName: 'Manager', tenant: 'demo', role: 'Manager' },
  { email: 'tech@demo.local', firstName: 'Taylor', lastName: 'Tech', tenant: 'demo', role: 'Technician' },
  { email: 'admin@harbor.local', firstName: 'Harper', lastName: 'Admin', tenant: 'harbor', role: 'Admin' },
  { email: 'tech@harbor.local', firstName: 'Hayden', lastName: 'Tech', tenant: 'harbor', role: 'Technician' },
]

export async function createTenant(db: Db, slug: string, name: string, theme = 'slate') {
  const at = now()
  const models = { seakeeper: defaultExpertModelConfig(), furuno: defaultExpertModelConfig() }
  await insertTenant(db, {
    slug,
    name,
    theme,
    logo_url: null,
    logo_letters: '',
    models_json: JSON.stringify(models),
    created_at: at,
    updated_at: at,
  })
  await recordChange(db, slug, 'tenantConfig', slug)
}

const SAMPLES: Record<SeedTenantSlug, TenantSamples> = {
  demo: {
    cases: DEMO_CASES,
    conversations: CONVERSATIONS_BY_PERSON,
    trainingSets: SAMPLE_TRAINING_SETS,
    assignments: SAMPLE_ASSIGNMENTS,
    queries: SAMPLE_QUERIES,
  },
  harbor: { cases: HARBOR_CASES },
}

export const seedTenantOf = (slug: SeedTenantSlug) =>
  SEED_TENANTS.find((t) => t.slug === slug) as (typeof SEED_TENANTS)[number]

/** Adds a seeded tenant's users and sample content to its (existing) tenant row. */
export async function seedTenantContent(trx: Db, slug: SeedTenantSlug): Promise<void> {
  for (const u of SEED_USERS.filter((u) => u.tenant === slug)) await addMember(trx, u.tenant, u, u.role)
  await seedSamples(trx, slug, SAMPLES[slug])
}

/** Seeds the tenants, users and sample content of the demo once; a database that has tenants is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (await anyTenant(db)) return false
  await db.transaction().execute(async (trx) => {
    for (const t of SEED_TENANTS) {
      await createTenant(trx, t.slug, t.name, t.theme)
      await seedTenantContent(trx, t.slug)
    }
  })
  return true
}
