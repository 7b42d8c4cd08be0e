import type { Mutation } from '@mw/sync-protocol'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { attemptTraining } from '../training/attempts.ts'
import { removeAttachment } from './attachments.ts'
import { appendCaseNote, createCase, setCaseEquipment, setCaseStatus } from './cases.ts'
import { deleteConversation, rateAnswer, recordUserMessage, renameConversation, restoreConversation } from './chat.ts'
import { imagesOf, type PreparedImages } from './image-uploads.ts'
import type { MutationOutcome } from './outcome.ts'
import { saveBranding, saveModelConfig, setUserRole } from './tenant.ts'
import { assignTraining, createTrainingSet, updateTrainingSet } from './training.ts'

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
    case 'case.setEquipment':
      return setCaseEquipment(trx, actor, m.args)
    case 'attachment.delete':
      return removeAttachment(trx, actor, m.args)
    case 'training.createSet':
      return createTrainingSet(trx, actor, m.args)
    case 'training.updateSet':
      return updateTrainingSet(trx, actor, m.args)
    case 'training.assign':
      return assignTraining(trx, actor, m.args)
    case 'training.attempt':
      return attemptTraining(trx, actor, m.args)
    case 'chat.send':
      return recordUserMessage(trx, actor, m.args, imagesOf(images, m.args.messageId, m.args.images))
    case 'conversation.rename':
      return renameConversation(trx, actor, m.args)
    case 'conversation.delete':
      return deleteConversation(trx, actor, m.args)
    case 'conversation.restore':
      return restoreConversation(trx, actor, m.args)
    case 'message.rate':
      return rateAnswer(trx, actor, { ...m.args, comment: m.args.comment ?? undefined })
    case 'tenant.saveBranding':
      return saveBranding(trx, actor, m.args)
    case 'tenant.saveModel':
      return saveModelConfig(trx, actor, m.args)
    case 'user.setRole':
      return setUserRole(trx, actor, m.args)
  }
}
