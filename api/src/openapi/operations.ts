/**
 * Every HTTP operation the server has, described once with the protocol's own zod schemas. The
 * OpenAPI document (`document.ts`) is generated from this list, and a test fails when the app has
 * a route this list lacks, or the other way round.
 */
import type { Operation } from './operation.ts'
import { KNOWLEDGE_OPERATIONS } from './operations-knowledge.ts'
import { PLATFORM_OPERATIONS } from './operations-platform.ts'
import { TRAINING_OPERATIONS } from './operations-training.ts'
import { WORK_OPERATIONS } from './operations-work.ts'

export type { Access, Operation } from './operation.ts'
export const OPERATIONS: Operation[] = [
  ...PLATFORM_OPERATIONS,
  ...WORK_OPERATIONS,
  ...TRAINING_OPERATIONS,
  ...KNOWLEDGE_OPERATIONS,
]
