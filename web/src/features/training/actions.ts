import {
  type AttemptBody,
  type DraftRequest,
  draftAnswerSchema,
  type Expert,
  type Role,
  SAMPLE_QUESTIONS,
  type TrainingQuestion,
  type TrainingSet,
  trainingImageAnswerSchema,
} from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import type { LocalDb } from '../../db/local-db.ts'
import { apiRequest } from '../../lib/api-client.ts'
import { resizeIfWide } from '../../lib/images.ts'
import { enqueueMutation, enqueueMutations } from '../../sync/outbox.ts'

/** A new set starts from the built-in sample questions of its expert (the built-in samples). */
export async function createTrainingSet(
  db: LocalDb,
  input: { title: string; description: string; expert: Expert },
): Promise<{ id: string; mid: string }> {
  const id = uuidv7()
  const questions = SAMPLE_QUESTIONS[input.expert]
  const mid = await enqueueMutation(db, { type: 'training.createSet', args: { ...input, id, questions } })
  return { id, mid }
}

/** Assigns to one role, or to each of several users (one assignment, and one mutation, per user). */
export async function assignTraining(
  db: LocalDb,
  input: ({ setId: string; role: Role } | { setId: string; userIds: string[] }) & { dueDate?: string | null },
): Promise<{ ids: string[]; mids: string[] }> {
  const targets =
    'role' in input
      ? [{ assignedToRole: input.role, assignedToId: null }]
      : input.userIds.map((userId) => ({ assignedToRole: null, assignedToId: userId }))
  const args = targets.map((target) => ({
    id: uuidv7(),
    setId: input.setId,
    dueDate: input.dueDate ?? null,
    ...target,
  }))
  const ids = args.map((a) => a.id)
  const mids = await enqueueMutations(
    db,
    args.map((a) => ({ type: 'training.assign', args: a })),
  )
  return { ids, mids }
}

/** Answers to an assigned set, through the outbox (offline too): scored here at once, on the server once. */
export async function submitAttempt(
  db: LocalDb,
  assignmentId: string,
  answers: AttemptBody['answers'],
  setVersion: number,
): Promise<{ id: string; mid: string }> {
  const id = uuidv7()
  const mid = await enqueueMutation(db, { type: 'training.attempt', args: { id, assignmentId, answers, setVersion } })
  return { id, mid }
}

export interface SetContent {
  title: string
  description: string
  expert: Expert
  questions: TrainingQuestion[]
  status: TrainingSet['status']
}

/** Saves the editor's set: a new one (a reviewed draft) or the next version of an existing one. */
export async function saveTrainingSet(db: LocalDb, id: string | null, content: SetContent): Promise<string> {
  if (!id) {
    const created = uuidv7()
    await enqueueMutation(db, { type: 'training.createSet', args: { ...content, id: created } })
    return created
  }
  const { expert: _, ...edit } = content
  await enqueueMutation(db, { type: 'training.updateSet', args: { ...edit, id } })
  return id
}

/** An image for an image-label question, scaled down on the device first; its address on the server. */
export async function uploadTrainingImage(tenant: string, file: File): Promise<string> {
  const body = new FormData()
  body.append('file', await resizeIfWide(file), file.name)
  const answer = await apiRequest('POST', `/api/t/${tenant}/training/images`, trainingImageAnswerSchema, {
    body,
    timeoutMs: 60_000,
  })
  return answer.url
}

/** Questions drafted on the server from a conversation, a case or manuals (online only; nothing is saved). */
export const draftTraining = (tenant: string, request: DraftRequest) =>
  apiRequest('POST', `/api/t/${tenant}/training/drafts`, draftAnswerSchema, { body: request, timeoutMs: 30_000 })
