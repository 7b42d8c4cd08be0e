import type { Attachment, AttachmentKind } from '@mw/sync-protocol'
import type { Db } from '../database.ts'
import type { CaseAttachmentTable } from '../tables/case.table.ts'

export const toAttachment = (row: CaseAttachmentTable): Attachment => ({
  id: row.id,
  caseId: row.case_id,
  fileName: row.file_name,
  contentType: row.content_type,
  size: row.size,
  kind: row.kind as AttachmentKind,
  createdAt: row.created_at,
  createdBy: row.created_by,
})

export async function insertAttachment(db: Db, row: CaseAttachmentTable): Promise<void> {
  await db.insertInto('case_attachments').values(row).execute()
}

export const caseAttachments = (db: Db, tenant: string, caseId: string) =>
  db
    .selectFrom('case_attachments')
    .selectAll()
    .where('tenant_slug', '=', tenant)
    .where('case_id', '=', caseId)
    .orderBy('created_at')
    .execute()

/** Where an attachment id is used, in any tenant (ids made on devices must be new everywhere). */
export const findAttachmentOwner = (db: Db, id: string) =>
  db.selectFrom('case_attachments').selectAll().where('id', '=', id).executeTakeFirst()

export async function countCaseAttachments(db: Db, caseId: string): Promise<number> {
  const row = await db
    .selectFrom('case_attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const findAttachment = (db: Db, tenant: string, id: string) =>
  db
    .selectFrom('case_attachments')
    .selectAll()
    .where('tenant_slug', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()

export async function deleteAttachment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('case_attachments').where('id', '=', id).execute()
}

/** Whether any attachment or document still refers to these bytes (so the file must stay). */
export async function bytesStillUsed(db: Db, sha256: string): Promise<boolean> {
  const attachment = await db
    .selectFrom('case_attachments')
    .select('id')
    .where('sha256', '=', sha256)
    .executeTakeFirst()
  if (attachment) return true
  const document = await db
    .selectFrom('kb_documents')
    .select('id')
    .where('content_hash', '=', sha256)
    .executeTakeFirst()
  return document !== undefined
}
