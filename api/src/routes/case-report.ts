import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { caseReportPdf } from '../case-report/case-report.ts'
import { caseAttachments } from '../db/queries/attachments.ts'
import { findVisibleCase, listCaseEvents } from '../db/queries/cases.ts'
import { findTenant, findTenantLogo } from '../db/queries/tenants.ts'
import { displayNames } from '../db/queries/users.ts'
import { originalPath } from '../documents/originals.ts'
import { notFound } from '../errors.ts'

/** GET /cases/{id}/report.pdf: the case's service report, for whoever may see the case. */
export const caseReportRoutes = new Hono<AppEnv>().get('/cases/:id/report.pdf', async (c) => {
  const { db, env } = c.get('deps')
  const actor = c.get('actor')
  const found = await findVisibleCase(db, actor, c.req.param('id'))
  if (!found) throw notFound('The case')
  const events = await listCaseEvents(db, found.id)
  const attachments = await caseAttachments(db, actor.tenant, found.id)
  const tenant = await findTenant(db, actor.tenant)
  const logo = await findTenantLogo(db, actor.tenant)
  const signature = attachments.findLast((a) => a.kind === 'signature')
  const names = await displayNames(db, [...new Set([...events.map((e) => e.author_id), found.created_by])])
  const pdf = await caseReportPdf({
    company: {
      name: tenant?.name ?? actor.tenant,
      logo: logo ? { mediaType: logo.media_type, bytes: logo.bytes } : null,
      accent: tenant?.accent_color ?? null,
    },
    case: found,
    events,
    photos: attachments
      .filter((a) => a.kind === 'file' && a.content_type.startsWith('image/'))
      .map((row) => ({ row, file: originalPath(env.documentsDir, row.sha256) })),
    signature: signature ? { row: signature, file: originalPath(env.documentsDir, signature.sha256) } : null,
    names,
    generatedAt: new Date(),
  })
  const name = `service-report-${found.id.slice(0, 8)}.pdf`
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${name}"`,
    'Cache-Control': 'no-store',
  })
})
