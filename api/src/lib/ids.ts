import { v7 } from 'uuid'

/** Time-ordered UUIDs, the same kind devices make. */
export const newId = (): string => v7()
