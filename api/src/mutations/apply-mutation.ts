import type { Mutation } from '@mw/sync-protocol'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { appendCaseNote, createCase, setCaseStatus } from './cases.ts'
import { recordUserMessage } from './chat.ts'
import { imagesOf, type PreparedImages } from './image-uploads.ts'
import type { MutationOutcome } from './outcome.ts'
import { saveBranding, saveModelConfig, setUserRole } from './tenant.ts'
import { assignTraining, createTrainingSet } from './training.ts'

/**
 * Runs one validated sync mutation through the same functions the REST routes call.
 * Throws ApiError when it can never apply (the push endpoint answers `rejected`). Chat images
 * arrive already re-encoded (prepareImages, before the transaction).
 */
export function applyMutation(
  trx: Db,
  actor: Actor,
  m: Mutation,
  images: PreparedImages,
): Promise<MutationOutcome<unknown>> {
  switch (m.type) {
    case 'case.create':
      return createCase(trx, actor, m.args)
    case 'case.setStatus':
      return setCaseStatus(trx, actor, m.args, m.baseVersion)
    case 'case.appendNote':
      return appendCaseNote(trx, actor, m.args)
    case 'training.createSet':
      return createTrainingSet(trx, actor, m.args)
    case 'training.assign':
      return assignTraining(trx, actor, m.args)
    case 'chat.send':
      return recordUserMessage(trx, actor, m.args, imagesOf(images, m.args.messageId, m.args.images))
    case 'tenant.saveBranding':
      return saveBranding(trx, actor, m.args)
    case 'tenant.saveModel':
      return saveModelConfig(trx, actor, m.args)
    case 'user.setRole':
      return setUserRole(trx, actor, m.args)
  }
}
