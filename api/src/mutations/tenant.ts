import { createHash } from 'node:crypto'
import { type MutationArgs, type TenantConfig, type TenantUser, uploadedLogoPath } from '@mw/sync-protocol'
import { type Actor, assertManagerOrAdmin } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { recordChange, recordChangeVersion } from '../db/queries/change-log.ts'
import {
  deleteTenantLogo,
  findTenant,
  findTenantUser,
  parseModels,
  saveTenantLogo,
  setMemberRole,
  toTenantConfig,
  updateTenant,
} from '../db/queries/tenants.ts'
import { ApiError, notFound } from '../errors.ts'
import type { CleanLogo } from '../lib/logo.ts'
import { stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import { assertStillAdmin } from './members.ts'
import type { MutationOutcome } from './outcome.ts'

async function loadConfig(trx: Db, tenant: string): Promise<TenantConfig> {
  const row = await findTenant(trx, tenant)
  if (!row) throw notFound('The tenant')
  return toTenantConfig(row)
}

export async function saveBranding(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'tenant.saveBranding'>,
): Promise<MutationOutcome<TenantConfig>> {
  assertManagerOrAdmin(actor)
  const name = stripHtml(args.branding.name)
  if (!name) throw new ApiError('invalid_input', 'The tenant name cannot be empty.', { field: 'branding.name' })
  await updateTenant(
    trx,
    actor.tenant,
    {
      name,
      theme: args.branding.theme,
      logo_url: args.branding.logoUrl || null,
      logo_letters: args.branding.logoLetters,
      accent_color: args.branding.accentColor ?? null,
    },
    now(),
  )
  await recordChange(trx, actor.tenant, 'tenantConfig', actor.tenant)
  return { status: 'applied', value: await loadConfig(trx, actor.tenant) }
}

export async function saveModelConfig(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'tenant.saveModel'>,
): Promise<MutationOutcome<TenantConfig>> {
  assertManagerOrAdmin(actor)
  const tenant = await findTenant(trx, actor.tenant)
  if (!tenant) throw notFound('The tenant')
  for (const [slot, choice] of [
    ['primary', args.config.primary],
    ['fallback', args.config.fallback],
  ] as const) {
    if (choice?.provider === 'openai-compatible' && !choice.baseUrl) {
      throw new ApiError('invalid_input', `The ${slot} OpenAI-compatible model needs its base URL.`, {
        field: `${slot}.baseUrl`,
      })
    }
  }
  const models = { ...parseModels(tenant), [args.expert]: args.config }
  await updateTenant(trx, actor.tenant, { models_json: JSON.stringify(models) }, now())
  await recordChange(trx, actor.tenant, 'tenantConfig', actor.tenant)
  return { status: 'applied', value: await loadConfig(trx, actor.tenant) }
}

/** Admins change roles; nobody changes their own. The user's pull scope changes with it. */
export async function setUserRole(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'user.setRole'>,
): Promise<MutationOutcome<TenantUser>> {
  await assertStillAdmin(trx, actor)
  if (args.userId === actor.userId) throw new ApiError('forbidden', 'You cannot change your own role.')
  const before = await findTenantUser(trx, actor.tenant, args.userId)
  if (!before) throw notFound('The user')
  if (before.role !== args.role) {
    const version = await recordChangeVersion(trx, actor.tenant, 'tenantUser', args.userId)
    await setMemberRole(trx, actor.tenant, args.userId, args.role, version)
  }
  const after = await findTenantUser(trx, actor.tenant, args.userId)
  if (!after) throw notFound('The user')
  return { status: 'applied', value: after }
}

/** Stores a cleaned logo and points the branding at it (every device pulls the new config). */
export async function setTenantLogo(trx: Db, actor: Actor, logo: CleanLogo): Promise<MutationOutcome<TenantConfig>> {
  assertManagerOrAdmin(actor)
  const at = now()
  const sha256 = createHash('sha256').update(logo.bytes).digest('hex')
  await saveTenantLogo(trx, {
    tenant_slug: actor.tenant,
    media_type: logo.mediaType,
    bytes: logo.bytes,
    sha256,
    updated_at: at,
  })
  await updateTenant(trx, actor.tenant, { logo_url: uploadedLogoPath(actor.tenant, sha256) }, at)
  await recordChange(trx, actor.tenant, 'tenantConfig', actor.tenant)
  return { status: 'applied', value: await loadConfig(trx, actor.tenant) }
}

/** Removes the uploaded logo; the letters badge shows instead. */
export async function removeTenantLogo(trx: Db, actor: Actor): Promise<MutationOutcome<TenantConfig>> {
  assertManagerOrAdmin(actor)
  const tenant = await findTenant(trx, actor.tenant)
  if (!tenant) throw notFound('The tenant')
  await deleteTenantLogo(trx, actor.tenant)
  if (tenant.logo_url?.startsWith(`/api/branding/${actor.tenant}/logo`)) {
    await updateTenant(trx, actor.tenant, { logo_url: null }, now())
    await recordChange(trx, actor.tenant, 'tenantConfig', actor.tenant)
  }
  return { status: 'applied', value: await loadConfig(trx, actor.tenant) }
}
