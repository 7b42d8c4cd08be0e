import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  expertModelConfigInputSchema,
  expertSchema,
  pageQuerySchema,
  updateConfigBodySchema,
  updateRoleBodySchema,
} from '@mw/sync-protocol'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { assertAdmin, assertManagerOrAdmin } from '../auth/actor.ts'
import { findTenant, listTenantUsers, parseModels, toTenantConfig } from '../db/queries/tenants.ts'
import { endUserSessions, isMemberElsewhere } from '../db/queries/users.ts'
import { ApiError, notFound } from '../errors.ts'
import { providerKeys, testModel } from '../experts/test-model.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { cleanLogo } from '../lib/logo.ts'
import { pagedAnswer, pageRequest } from '../lib/paging.ts'
import { validate } from '../middleware/validate.ts'
import { assertMember } from '../mutations/cases.ts'
import { answerMutation } from '../mutations/run-mutation.ts'
import { removeTenantLogo, saveBranding, saveModelConfig, setTenantLogo, setUserRole } from '../mutations/tenant.ts'
import { exportTenant } from '../ops/tenant-data.ts'

/**
 * Tenant administration. Reading the config is open to every member because the shell themes
 * and names the app from it (docs/PRODUCT.md, Screens); every change checks the role inside its mutation.
 */
export const adminRoutes = new Hono<AppEnv>()
  .get('/admin/config', async (c) => {
    const { db, env } = c.get('deps')
    const tenant = await findTenant(db, c.get('actor').tenant)
    if (!tenant) throw notFound('The tenant')
    // Which providers the server holds a key for, so a model choice is never blind (never the key).
    return jsonAnswer(c, { ...toTenantConfig(tenant), providers: providerKeys(env) })
  })
  .post(
    '/admin/models/:expert/test',
    validate('param', z.object({ expert: expertSchema, tenant: z.string() })),
    async (c) => {
      const actor = c.get('actor')
      assertAdmin(actor)
      const { db, env } = c.get('deps')
      const tenant = await findTenant(db, actor.tenant)
      if (!tenant) throw notFound('The tenant')
      const { expert } = c.req.valid('param')
      return jsonAnswer(c, await testModel(parseModels(tenant)[expert].primary, env, expert))
    },
  )
  .put('/admin/config', validate('json', updateConfigBodySchema), async (c) => {
    const body = c.req.valid('json')
    return answerMutation(c, (trx) => saveBranding(trx, c.get('actor'), body))
  })
  // The logo is the request body itself (Content-Type image/png, image/webp or image/svg+xml).
  .put('/admin/logo', async (c) => {
    const actor = c.get('actor')
    assertManagerOrAdmin(actor)
    const logo = await cleanLogo(new Uint8Array(await c.req.arrayBuffer()))
    return answerMutation(c, (trx) => setTenantLogo(trx, actor, logo))
  })
  .delete('/admin/logo', async (c) => {
    return answerMutation(c, (trx) => removeTenantLogo(trx, c.get('actor')))
  })
  .put(
    '/admin/models/:expert',
    validate('param', z.object({ expert: expertSchema })),
    validate('json', expertModelConfigInputSchema),
    async (c) => {
      const args = { expert: c.req.valid('param').expert, config: c.req.valid('json') }
      return answerMutation(c, (trx) => saveModelConfig(trx, c.get('actor'), args))
    },
  )
  .get('/admin/users', validate('query', pageQuerySchema), async (c) => {
    assertAdmin(c.get('actor'))
    const page = pageRequest(c.req.valid('query'), null)
    const users = await listTenantUsers(c.get('deps').db, c.get('actor').tenant, page)
    return pagedAnswer(c, { rows: users, page, keyOf: (u) => [u.email, u.id] }, (shown) => shown)
  })
  // A lost or stolen tablet: the admin signs that user out on every device at once.
  .delete('/admin/users/:userId/sessions', async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const { db } = c.get('deps')
    const userId = c.req.param('userId')
    await assertMember(db, actor.tenant, userId)
    if (await isMemberElsewhere(db, actor.tenant, userId)) {
      throw new ApiError(
        'conflict',
        'This person also works in another workspace, so their sessions are not only yours to end. Deactivate them here: their access to this workspace ends at once.',
      )
    }
    return jsonAnswer(c, { ended: await endUserSessions(db, userId) })
  })
  // Everything this tenant owns, as tenant:export writes it: the Admin's own copy of the data.
  .get('/admin/export', async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    // A branding logo URL (any http(s) address) or a profile picture naming this would make every
    // Admin's browser build a whole export at each page load: only opening the link, a download or
    // fetch() makes one (clients that send no Sec-Fetch-Dest are not browsers).
    const dest = c.req.header('sec-fetch-dest')
    if (dest !== undefined && dest !== 'document' && dest !== 'empty') {
      throw new ApiError('forbidden', 'Download the export from Admin Settings, not by loading it from a page.')
    }
    const { db, env } = c.get('deps')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-admin-export-'))
    const file = path.join(dir, `${actor.tenant}.tar.gz`)
    await exportTenant(env, db, actor.tenant, file)
    const stream = fs.createReadStream(file)
    stream.on('close', () => fs.rmSync(dir, { recursive: true, force: true }))
    const day = new Date().toISOString().slice(0, 10)
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${actor.tenant}-export-${day}.tar.gz"`,
      'Content-Length': String(fs.statSync(file).size),
    })
  })
  .put('/admin/users/:userId/role', validate('json', updateRoleBodySchema), async (c) => {
    const args = { userId: c.req.param('userId'), role: c.req.valid('json').role }
    return answerMutation(c, (trx) => setUserRole(trx, c.get('actor'), args))
  })
