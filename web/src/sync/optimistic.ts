/**
 * What each mutation does to the local rows before the server answers. Every function is
 * idempotent over the server's row (a replay on a row that already holds the change leaves it
 * as it is), because queued mutations are replayed on top of each newly pulled server row.
 */
import {
  type Case,
  type Conversation,
  type Message,
  questionHtml,
  type SyncEntity,
  scoreAttempt,
  type TrainingSet,
  titleFromQuestion,
} from '@mw/sync-protocol'
import { type LocalDb, type OutboxEntry, TENANT_CONFIG_KEY } from '../db/local-db.ts'

export type RowKey = `${SyncEntity}:${string}`

export const rowKey = (entity: SyncEntity, id: string): RowKey =>
  `${entity}:${entity === 'tenantConfig' ? TENANT_CONFIG_KEY : id}`

export function parseRowKey(key: string): { entity: SyncEntity; id: string } {
  const at = key.indexOf(':')
  return { entity: key.slice(0, at) as SyncEntity, id: key.slice(at + 1) }
}

/** The local rows a mutation changes. */
export function touchedKeys(entry: OutboxEntry): RowKey[] {
  switch (entry.type) {
    case 'case.create':
      return [rowKey('case', entry.args.id)]
    case 'case.setStatus':
    case 'case.setEquipment':
      return [rowKey('case', entry.args.caseId)]
    case 'case.appendNote':
      return [rowKey('case', entry.args.caseId), rowKey('caseEvent', entry.args.noteId)]
    case 'attachment.delete':
      return [rowKey('attachment', entry.args.id)]
    case 'training.createSet':
    case 'training.updateSet':
      return [rowKey('trainingSet', entry.args.id)]
    case 'training.assign':
      return [rowKey('assignment', entry.args.id)]
    case 'training.attempt':
      return []
    case 'chat.send':
      return [rowKey('conversation', entry.args.conversationId), rowKey('message', entry.args.messageId)]
    case 'conversation.rename':
    case 'conversation.delete':
    case 'conversation.restore':
      return [rowKey('conversation', entry.args.id)]
    case 'message.rate':
      return []
    case 'tenant.saveBranding':
    case 'tenant.saveModel':
      return [rowKey('tenantConfig', TENANT_CONFIG_KEY)]
    case 'user.setRole':
      return [rowKey('tenantUser', entry.args.userId)]
  }
}

/** True when the server's copy of the row (kept in `bases`) already exists. */
async function serverHas(db: LocalDb, key: RowKey) {
  const base = await db.bases.get(key)
  return base !== undefined && base.row !== null
}

/** Applies one queued mutation to the local rows. Runs inside a read-write transaction on all tables. */
export async function applyLocally(db: LocalDb, entry: OutboxEntry): Promise<void> {
  const at = entry.createdAt
  switch (entry.type) {
    case 'case.create': {
      if (await serverHas(db, rowKey('case', entry.args.id))) return
      const { id, title, description, expert, tags, conversationId, vessel, equipment } = entry.args
      const row: Case = {
        id,
        title,
        description,
        expert,
        tags,
        conversationId,
        vessel,
        equipment,
        status: 'Open',
        createdBy: db.userId,
        assignedTo: null,
        version: 0,
        createdAt: at,
        updatedAt: at,
      }
      await db.cases.put(row)
      return
    }
    case 'case.setStatus': {
      const row = await db.cases.get(entry.args.caseId)
      if (row && row.status !== entry.args.status) {
        await db.cases.put({ ...row, status: entry.args.status, updatedAt: at })
      }
      return
    }
    case 'case.setEquipment': {
      const row = await db.cases.get(entry.args.caseId)
      if (row) await db.cases.put({ ...row, vessel: entry.args.vessel, equipment: entry.args.equipment, updatedAt: at })
      return
    }
    case 'case.appendNote': {
      const { caseId, noteId, text } = entry.args
      if (await serverHas(db, rowKey('caseEvent', noteId))) return
      const row = await db.cases.get(caseId)
      if (!row) return
      await db.cases.put({
        ...row,
        description: row.description ? `${row.description}\n\n${text}` : text,
        updatedAt: at,
      })
      await db.caseEvents.put({ id: noteId, caseId, kind: 'note', authorId: db.userId, data: { text }, createdAt: at })
      return
    }
    case 'attachment.delete':
      // The bytes go too: should the server refuse, the row comes back and its file is fetched again.
      await db.attachments.delete(entry.args.id)
      await db.fileBlobs.delete(entry.args.id)
      return
    case 'training.createSet': {
      if (await serverHas(db, rowKey('trainingSet', entry.args.id))) return
      const row: TrainingSet = { ...entry.args, version: 1, createdBy: db.userId, createdAt: at }
      await db.trainingSets.put(row)
      return
    }
    case 'training.updateSet': {
      const row = await db.trainingSets.get(entry.args.id)
      const { id: _, ...content } = entry.args
      const holds = row && JSON.stringify({ ...row, ...content }) === JSON.stringify(row)
      if (row && !holds) await db.trainingSets.put({ ...row, ...content, version: row.version + 1 })
      return
    }
    case 'training.assign': {
      if (await serverHas(db, rowKey('assignment', entry.args.id))) return
      await db.assignments.put({ ...entry.args, completed: false, score: null, createdAt: at })
      return
    }
    case 'chat.send': {
      const { conversationId, messageId, agentId, query } = entry.args
      const conversation = await db.conversations.get(conversationId)
      const next: Conversation = conversation
        ? { ...conversation, updatedAt: [at, conversation.updatedAt].sort()[1] as string }
        : {
            id: conversationId,
            title: titleFromQuestion(query),
            agentId,
            status: 'active',
            createdAt: at,
            updatedAt: at,
          }
      await db.conversations.put(next)
      if (await serverHas(db, rowKey('message', messageId))) return
      const message: Message = {
        id: messageId,
        conversationId,
        role: 'user',
        content: questionHtml(query),
        createdAt: at,
        metadata: { sources: [] },
        replyTo: null,
      }
      await db.messages.put(message)
      return
    }
    case 'conversation.rename': {
      const row = await db.conversations.get(entry.args.id)
      if (row) await db.conversations.put({ ...row, title: entry.args.title })
      return
    }
    case 'conversation.delete':
      // Its messages stay until the pull removes them: nothing lists them without the conversation.
      await db.conversations.delete(entry.args.id)
      return
    case 'conversation.restore': {
      // The server's copy, when a delete still queued or unconfirmed kept it; otherwise the pull brings it back.
      const base = await db.bases.get(rowKey('conversation', entry.args.id))
      if (base?.row) await db.conversations.put(base.row as Conversation)
      return
    }
    case 'message.rate':
      await db.ratings.put({ ...entry.args })
      return
    case 'training.attempt': {
      const assignment = await db.assignments.get(entry.args.assignmentId)
      const set = assignment && (await db.trainingSets.get(assignment.setId))
      const scored = set ? scoreAttempt(set.questions, entry.args.answers) : null
      if (!set || !scored?.ok) return
      const { id, assignmentId } = entry.args
      const row = { id, assignmentId, score: scored.score, answered: scored.answered, questions: set.questions.length }
      await db.attempts.put({ ...row, completedAt: at })
      return
    }
    case 'tenant.saveBranding': {
      const config = await db.tenantConfig.get(TENANT_CONFIG_KEY)
      if (config) await db.tenantConfig.put({ ...config, branding: entry.args.branding }, TENANT_CONFIG_KEY)
      return
    }
    case 'tenant.saveModel': {
      const config = await db.tenantConfig.get(TENANT_CONFIG_KEY)
      if (config) {
        const models = { ...config.models, [entry.args.expert]: entry.args.config }
        await db.tenantConfig.put({ ...config, models }, TENANT_CONFIG_KEY)
      }
      return
    }
    case 'user.setRole': {
      const user = await db.tenantUsers.get(entry.args.userId)
      if (user) await db.tenantUsers.put({ ...user, role: entry.args.role })
      return
    }
  }
}
