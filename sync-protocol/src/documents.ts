import { expertSchema, idSchema, requiredText, timestampSchema } from './common.ts'
import { LIMITS } from './constants.ts'
import { z } from './zod.ts'

export { documentUrl } from './document-url.ts'

/** A manual in an expert's knowledge base (Admin Settings → Knowledge, and the documents API). */
export const DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const

export const documentSchema = z.object({
  id: idSchema,
  expert: expertSchema,
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  status: z.enum(DOCUMENT_STATUSES),
  /** Pages of a paged format (PDF), else null. */
  pages: z.number().int().min(0).nullable(),
  pagesDone: z.number().int().min(0),
  passages: z.number().int().min(0),
  /** Why processing failed, as a sentence to act on. */
  error: z.string().nullable(),
  /** Kept, but something to know (a scanned PDF has no searchable text). */
  warning: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** The user who added it; null for the starter packs. */
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  /** Equipment models the manual covers ("DRS4D-NXT"): a question about a case with one of them searches it first. */
  models: z.array(z.string()),
})
export type KbDocument = z.infer<typeof documentSchema>

export const documentListSchema = z.object({ documents: z.array(documentSchema) })
export const documentAnswerSchema = z.object({ document: documentSchema })
/** PATCH /documents/{id}: a new title, the models it covers, or both. */
export const updateDocumentSchema = z
  .strictObject({
    title: requiredText(LIMITS.titleMaxChars).optional(),
    models: z.array(requiredText(LIMITS.equipmentFieldMaxChars)).max(LIMITS.documentModelsMax).optional(),
  })
  .refine((body) => body.title !== undefined || body.models !== undefined, {
    message: 'Send a title, models, or both.',
  })

export const documentPassageSchema = z.object({
  ordinal: z.number().int(),
  section: z.string().nullable(),
  page: z.number().int().nullable(),
  text: z.string(),
})
export type DocumentPassage = z.infer<typeof documentPassageSchema>
/** `GET /documents/{id}/passages[?page=N]`: the searchable text the viewer shows, in order. */
export const documentPassagesSchema = z.object({ passages: z.array(documentPassageSchema) })

/**
 * What an expert's library holds now, one row per expert in the sync feed: it changes whenever a
 * manual becomes ready, is renamed, replaced or deleted, so a device keeping that expert's manuals
 * knows to bring them up to date, and leaves them alone (no request at all) when nothing changed.
 */
export const knowledgeStateSchema = z.object({
  expert: expertSchema,
  documents: z.number().int().min(0),
  passages: z.number().int().min(0),
  /** The admin's words that mean the same (beside the shipped ones), so a device searches as the server does. */
  synonyms: z.array(z.array(z.string())).default([]),
  changedAt: timestampSchema,
})
export type KnowledgeState = z.infer<typeof knowledgeStateSchema>

/**
 * An expert's own words that mean the same (Admin Settings → Knowledge), searched together as the
 * shipped marine abbreviations are: each group 2 to 12 spellings, each a word or a short phrase.
 */
export const synonymGroupsSchema = z.array(z.array(z.string().trim().min(1).max(40)).min(2).max(12)).max(200)
export const expertSynonymsSchema = z.object({ groups: synonymGroupsSchema })
export type ExpertSynonyms = z.infer<typeof expertSynonymsSchema>
/** `GET /experts/{expert}/synonyms`: the admin's groups and the ones every expert ships with. */
export const synonymsAnswerSchema = z.object({
  groups: z.array(z.array(z.string())),
  shipped: z.array(z.array(z.string())),
})
