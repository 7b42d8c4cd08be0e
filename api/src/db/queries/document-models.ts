import type { Db } from '../database.ts'

/** The equipment models a manual covers, as an Admin tagged them (answers about a case use them). */
export async function setDocumentModels(db: Db, id: string, models: string[], at: string): Promise<void> {
  await db
    .updateTable('kb_documents')
    .set({ models_json: JSON.stringify(models), updated_at: at })
    .where('id', '=', id)
    .execute()
}

/** The ids and models of an expert's manuals that name any model (the rest cover nothing in particular). */
export const taggedDocuments = (db: Db, tenant: string, expert: string) =>
  db
    .selectFrom('kb_documents')
    .select(['id', 'models_json'])
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .where('models_json', '!=', '[]')
    .execute()
