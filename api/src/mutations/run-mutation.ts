import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/database.ts'
import { storeIdempotentAnswer } from '../db/queries/idempotency.ts'
import { ApiError } from '../errors.ts'
import { jsonTextAnswer } from '../lib/json-answer.ts'
import type { MutationOutcome } from './outcome.ts'

/**
 * Runs one mutation for a REST write in its own transaction and returns the resulting entity.
 * A conflict commits (its history entry must stay) and then answers 409 with the reason.
 */
export async function runMutation<T>(db: Db, mutation: (trx: Db) => Promise<MutationOutcome<T>>): Promise<T> {
  const outcome = await db.transaction().execute(mutation)
  if (outcome.status === 'conflict') throw new ApiError('conflict', outcome.reason)
  return outcome.value
}

interface Answer<T> {
  /** 200 unless said; 204 answers no body. */
  status?: ContentfulStatusCode | 204
  /** What the answer's JSON is made of the mutation's value; the value itself unless said. */
  body?: (value: T) => unknown
}

/**
 * A REST write's whole answer: the mutation runs as in `runMutation` and, when the request carries
 * an Idempotency-Key, its answer is stored in the same transaction. A crash after the commit can
 * then never let a retry apply the write a second time: the retry gets this answer.
 */
export async function answerMutation<T>(
  c: Context<AppEnv>,
  mutation: (trx: Db) => Promise<MutationOutcome<T>>,
  { status = 200, body = (value) => value }: Answer<T> = {},
): Promise<Response> {
  const claim = c.get('idempotencyClaim')
  let json = ''
  await runMutation(c.get('deps').db, async (trx) => {
    const outcome = await mutation(trx)
    if (outcome.status === 'applied') {
      json = status === 204 ? '' : JSON.stringify(body(outcome.value))
      if (claim) {
        await storeIdempotentAnswer(trx, claim.userId, claim.key, status, json)
        claim.stored = true
      }
    }
    return outcome
  })
  return status === 204 ? c.body(null, 204) : jsonTextAnswer(c, json, { status })
}
