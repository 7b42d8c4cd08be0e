import type { Case } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'

/** A case as a device keeps it: an open Furuno case of `createdBy`, with `fields` over the defaults. */
export const deviceCase = (createdBy: string, fields: Partial<Case> = {}): Case => ({
  id: uuidv7(),
  title: 'No echoes',
  description: '',
  expert: 'furuno',
  status: 'Open',
  tags: [],
  createdBy,
  assignedTo: null,
  conversationId: null,
  vessel: '',
  equipment: [],
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...fields,
})
