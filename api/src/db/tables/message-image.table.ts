import type { Selectable } from 'kysely'

export interface MessageImageTable {
  message_id: string
  /** The order the user attached them in. */
  position: number
  media_type: string
  bytes: Uint8Array
}
export type MessageImageRow = Selectable<MessageImageTable>
