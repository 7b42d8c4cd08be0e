import type { Expert, KbDocument } from '@mw/sync-protocol'
import type { Db } from '../database.ts'
import type { KbDocumentRow } from '../tables/knowledge.table.ts'
import { recordChange } from './change-log.ts'
import { termCounts } from './document-terms.ts'
import type { NewPassage } from './knowledge.ts'
import { type PageRequest, pagedList, WHOLE_LIST } from './paging.ts'
import { indexDocument, unindexDocument } from './passage-index.ts'

export type NewDocument = Omit<
  KbDocumentRow,
  'passage_count' | 'pages' | 'pages_done' | 'error' | 'warning' | 'claimed_by' | 'claimed_until' | 'models_json'
>

const columns = [
  'kb_documents.id',
  'kb_documents.expert',
  'kb_documents.title',
  'kb_documents.file_name',
  'kb_documents.content_type',
  'kb_documents.size',
  'kb_documents.content_hash',
  'kb_documents.status',
  'kb_documents.pages',
  'kb_documents.pages_done',
  'kb_documents.passage_count',
  'kb_documents.error',
  'kb_documents.warning',
  'kb_documents.created_at',
  'kb_documents.updated_at',
  'kb_documents.created_by',
  'kb_documents.models_json',
  'users.first_name',
  'users.last_name',
  'users.email',
] as const

const selectDocuments = (db: Db, tenant: string) =>
  db
    .selectFrom('kb_documents')
    .leftJoin('users', 'users.id', 'kb_documents.created_by')
    .select(columns)
    .where('kb_documents.tenant_slug', '=', tenant)

type Selected = Awaited<ReturnType<ReturnType<typeof selectDocuments>['executeTakeFirstOrThrow']>>

function toDocument(row: Selected): KbDocument {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || null
  return {
    id: row.id,
    expert: row.expert as Expert,
    title: row.title,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    sha256: row.content_hash,
    status: row.status,
    pages: row.pages,
    pagesDone: row.pages_done,
    passages: row.passage_count,
    error: row.error,
    warning: row.warning,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    createdByName: row.created_by ? name : null,
    models: JSON.parse(row.models_json) as string[],
  }
}

const documentsPage = pagedList(
  { sort: 'kb_documents.created_at', id: 'kb_documents.id', desc: true },
  (db, _shape: null, tenant: string, expert: string) =>
    selectDocuments(db, tenant).where('kb_documents.expert', '=', expert),
)

/** An expert's documents, newest first. */
export async function listDocuments(
  db: Db,
  tenant: string,
  expert: Expert,
  page: PageRequest = WHOLE_LIST,
): Promise<KbDocument[]> {
  const rows = await documentsPage(db, null, page, tenant, expert)
  return rows.map(toDocument)
}

/** One document of this tenant, or undefined (another tenant's id reads as absent). */
export async function findDocument(db: Db, tenant: string, id: string): Promise<KbDocument | undefined> {
  const row = await selectDocuments(db, tenant).where('kb_documents.id', '=', id).executeTakeFirst()
  return row && toDocument(row)
}

/** The document of this expert that already holds these bytes, if any (other than `exceptId`). */
export async function findDocumentByHash(db: Db, tenant: string, expert: Expert, sha256: string, exceptId?: string) {
  let query = db
    .selectFrom('kb_documents')
    .select(['id', 'title', 'file_name'])
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .where('content_hash', '=', sha256)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return query.executeTakeFirst()
}

/** The starter-pack or CLI document kept under this stable key, if any. */
export const findDocumentByKey = (db: Db, tenant: string, expert: Expert, sourcePath: string) =>
  db
    .selectFrom('kb_documents')
    .select(['id', 'content_hash'])
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .where('source_path', '=', sourcePath)
    .executeTakeFirst()

export async function insertDocument(db: Db, doc: NewDocument): Promise<void> {
  await db
    .insertInto('kb_documents')
    .values({ ...doc, passage_count: 0, pages: null, pages_done: 0, error: null, warning: null })
    .execute()
}

/** A new edition of a document's file: same id, processing again from the start. */
export async function replaceDocumentFile(
  db: Db,
  id: string,
  file: { fileName: string; contentType: string; size: number; sha256: string; at: string },
): Promise<void> {
  await db
    .updateTable('kb_documents')
    .set({
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      content_hash: file.sha256,
      status: 'processing',
      pages: null,
      pages_done: 0,
      error: null,
      warning: null,
      updated_at: file.at,
    })
    .where('id', '=', id)
    .execute()
}

/** Call inside a transaction: the passages' index entries are replaced with them. */
export async function renameDocument(db: Db, id: string, title: string, at: string): Promise<void> {
  await db.updateTable('kb_documents').set({ title, updated_at: at }).where('id', '=', id).execute()
  // Passages carry the title for ranking (title matches count more).
  await unindexDocument(db, id)
  await db.updateTable('kb_passages').set({ title }).where('document_id', '=', id).execute()
  await indexDocument(db, id)
}

/** Deletes a document; its passages follow (foreign key), their index entries first. */
export async function deleteDocument(db: Db, id: string): Promise<void> {
  await unindexDocument(db, id)
  await db.deleteFrom('kb_documents').where('id', '=', id).execute()
}

/** Whether any document of any tenant still refers to this original. */
export async function setDocumentProgress(db: Db, id: string, pagesDone: number, pages: number | null) {
  await db
    .updateTable('kb_documents')
    .set({ pages_done: pagesDone, pages })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute()
}

export async function failDocument(db: Db, id: string, error: string, at: string) {
  await db.updateTable('kb_documents').set({ status: 'failed', error, updated_at: at }).where('id', '=', id).execute()
}

/** What processing needs of a document: where its original is and what it is. */
export const documentToProcess = (db: Db, id: string) =>
  db
    .selectFrom('kb_documents')
    .select(['id', 'tenant_slug', 'expert', 'file_name', 'content_hash', 'title', 'status'])
    .where('id', '=', id)
    .executeTakeFirst()

export interface FinishedDocument {
  id: string
  tenant: string
  expert: string
  /** A title found in the file (a PDF's metadata, a first heading), or null to keep the current one. */
  title: string | null
  pages: number | null
  warning: string | null
  passages: NewPassage[]
  at: string
}

/**
 * Makes a processed document ready: its earlier passages (a previous edition) are replaced by
 * the new ones and its status, counts and warning set. Call inside one transaction, so a failure
 * leaves no passages behind.
 */
export async function finishDocument(trx: Db, doc: FinishedDocument): Promise<void> {
  const current = await trx.selectFrom('kb_documents').select('title').where('id', '=', doc.id).executeTakeFirst()
  if (!current) return
  const title = doc.title ?? current.title
  await unindexDocument(trx, doc.id)
  await trx.deleteFrom('kb_passages').where('document_id', '=', doc.id).execute()
  const rows = doc.passages.map((p) => ({
    ...p,
    document_id: doc.id,
    tenant_slug: doc.tenant,
    expert: doc.expert,
    title,
  }))
  // SQLite caps bound parameters per statement; 100 rows of 8 columns stays well inside it.
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto('kb_passages')
      .values(rows.slice(i, i + 100))
      .execute()
  }
  await indexDocument(trx, doc.id)
  await trx.deleteFrom('kb_document_terms').where('document_id', '=', doc.id).execute()
  const terms = termCounts(doc.passages)
  for (let i = 0; i < terms.length; i += 300) {
    await trx
      .insertInto('kb_document_terms')
      .values(terms.slice(i, i + 300).map(([term, df]) => ({ term, document_id: doc.id, df })))
      .execute()
  }
  await trx
    .updateTable('kb_documents')
    .set({
      title,
      status: 'ready',
      pages: doc.pages,
      pages_done: doc.pages ?? 0,
      passage_count: rows.length,
      warning: doc.warning,
      error: null,
      updated_at: doc.at,
    })
    .where('id', '=', doc.id)
    .execute()
  // Devices keeping this expert's manuals learn from the sync feed that there is more to fetch.
  await recordChange(trx, doc.tenant, 'knowledge', doc.expert)
}

/** A document's passages in reading order, optionally one page's. */
export async function listPassages(db: Db, documentId: string, page?: number) {
  let query = db
    .selectFrom('kb_passages')
    .select(['ordinal', 'section', 'page', 'text'])
    .where('document_id', '=', documentId)
  if (page !== undefined) query = query.where('page', '=', page)
  return query.orderBy('ordinal').execute()
}
