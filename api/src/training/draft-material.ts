/**
 * What a drafted training set is made from: the answers of a conversation and the manual passages
 * they cited, a case's notes, or passages of chosen manuals. Each piece names its source so every
 * question links back to it. Only what the manager may see goes in.
 */
import { type DraftRequest, documentUrl, type Expert, type TrainingDraft } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { findVisibleCase, listCaseEvents } from '../db/queries/cases.ts'
import { findOwnConversation, listMessages, toMessage } from '../db/queries/conversations.ts'
import { findDocument, listPassages } from '../db/queries/documents.ts'
import { findTenant, parseModels } from '../db/queries/tenants.ts'
import { ApiError, notFound } from '../errors.ts'
import { htmlToText } from '../experts/html-to-text.ts'
import { type DraftMaterial, draftQuestions } from './draft-questions.ts'
import { draftWithModel } from './draft-with-model.ts'

/** Passages read per manual: enough to find ten good questions, few enough to answer at once. */
const PASSAGES_PER_DOCUMENT = 200

/** A draft from the expert's chosen model when there is one, else from the deterministic drafter. */
export async function draftTraining(deps: AppDeps, actor: Actor, request: DraftRequest): Promise<TrainingDraft> {
  const { db, env } = deps
  const { title, description, expert, material } = await materialFor(db, actor, request)
  const tenant = await findTenant(db, actor.tenant)
  const config = parseModels(tenant ?? { models_json: '{}' })[expert]
  const questions = (await draftWithModel(material, config, env)) ?? draftQuestions(material)
  if (questions.length === 0) {
    throw new ApiError('invalid_input', 'Nothing there holds a fact a question can be drafted from.', {
      field: 'from',
    })
  }
  return { title: title.slice(0, 200), description, expert, questions }
}

type Material = { title: string; description: string; expert: Expert; material: DraftMaterial[] }

async function materialFor(db: Db, actor: Actor, request: DraftRequest): Promise<Material> {
  switch (request.from) {
    case 'conversation':
      return fromConversation(db, actor, request.conversationId)
    case 'case':
      return fromCase(db, actor, request.caseId)
    case 'documents':
      return fromDocuments(db, actor, request.expert, request.documentIds, request.sections)
  }
}

async function fromConversation(db: Db, actor: Actor, conversationId: string): Promise<Material> {
  const conversation = await findOwnConversation(db, actor.tenant, actor.userId, conversationId)
  if (!conversation) throw notFound('The conversation')
  const url = `/t/${actor.tenant}/ask/${conversation.agent_id}?conversation=${conversation.id}`
  const material: DraftMaterial[] = []
  for (const message of (await listMessages(db, conversation.id)).map(toMessage)) {
    if (message.role !== 'assistant') continue
    for (const s of message.metadata.sources) {
      const where = [s.section, s.page !== null ? `page ${s.page}` : null].filter(Boolean).join(', ')
      material.push({ text: s.text, source: { title: `${s.title}${where ? ` (${where})` : ''}`, url: s.url ?? null } })
    }
    material.push({
      text: htmlToText(message.content),
      source: { title: `the answer in "${conversation.title}"`, url },
    })
  }
  return {
    title: `Training: ${conversation.title}`,
    description: `Drafted from the conversation "${conversation.title}" and the manuals its answers cited.`,
    expert: conversation.agent_id as Expert,
    material,
  }
}

async function fromCase(db: Db, actor: Actor, caseId: string): Promise<Material> {
  const found = await findVisibleCase(db, actor, caseId)
  if (!found) throw notFound('The case')
  const source = { title: `the case "${found.title}"`, url: `/t/${actor.tenant}/cases/${found.id}` }
  const notes = (await listCaseEvents(db, found.id)).filter((e) => e.kind === 'note')
  const material = notes.map((e) => ({ text: noteText(JSON.parse(e.data_json) as { text?: string }), source }))
  if (found.description) material.unshift({ text: noteText({ text: found.description }), source })
  return {
    title: found.title,
    description: `Drafted from the case "${found.title}": its notes and the answers added to it.`,
    expert: found.expert as Expert,
    material,
  }
}

/** A note as prose: without its "[date]" stamp and the source links an added answer carries. */
const noteText = (data: { text?: string }) =>
  htmlToText(data.text ?? '')
    .split('\n')
    .filter((line) => !/^\s*(-\s|Sources:)/.test(line))
    .join('\n')
    .replace(/^\[[^\]]{4,40}\]\s*/gm, '')

async function fromDocuments(
  db: Db,
  actor: Actor,
  expert: Expert,
  ids: string[],
  sections?: string[],
): Promise<Material> {
  const chosen = (section: string | null) =>
    !sections?.length || (section !== null && sections.some((s) => section === s || section.startsWith(`${s} › `)))
  const docs = []
  for (const id of ids) {
    const doc = await findDocument(db, actor.tenant, id)
    if (!doc || doc.expert !== expert)
      throw new ApiError('not_found', 'A chosen manual was not found.', { field: 'documentIds' })
    docs.push(doc)
  }
  const lists = await Promise.all(
    docs.map(async (doc) =>
      (await listPassages(db, doc.id))
        .filter((p) => chosen(p.section))
        .slice(0, PASSAGES_PER_DOCUMENT)
        .map((p) => ({
          text: p.text,
          source: {
            title: [doc.title, p.section, p.page !== null ? `page ${p.page}` : null].filter(Boolean).join(', '),
            url: documentUrl(actor.tenant, doc.id, { page: p.page, section: p.section, ordinal: p.ordinal }),
          },
        })),
    ),
  )
  // Taken in turn from each manual, so ten questions cover them all rather than the first one.
  const longest = Math.max(0, ...lists.map((l) => l.length))
  const material = Array.from({ length: longest }, (_, i) => lists.flatMap((l) => (l[i] ? [l[i]] : []))).flat()
  const named = docs.map((d) => d.title)
  return {
    title: named.length > 1 ? `${named[0]} and ${named.length - 1} more` : (named[0] ?? 'Manuals'),
    description: `Drafted from ${named.join(', ')}.`,
    expert,
    material,
  }
}
