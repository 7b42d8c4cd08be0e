import type { Actor } from './auth/actor.ts'
import type { Db } from './db/database.ts'
import type { MembershipAccess } from './db/queries/sessions.ts'
import type { UserRow } from './db/tables/user.table.ts'
import type { Env } from './env.ts'
import type { InstanceSignals } from './lib/instance-signals.ts'
import type { Logger } from './lib/logger.ts'
import type { Metrics } from './lib/metrics.ts'

/** What every handler can reach: built once at boot (or per test) and passed to createApp. */
export interface AppDeps {
  db: Db
  env: Env
  log: Logger
  /** Runs after a chat message is stored, outside the transaction (answers it once). */
  onUserMessage?: (actor: Actor, messageId: string) => void
  /** Where the process is in its life; /readyz answers 503 unless `serving`. Unset means serving (tests). */
  lifecycle?: { state: 'starting' | 'serving' | 'stopping' }
  /** Prometheus metrics; createApp makes them when not given. */
  metrics?: Metrics
  /** Messages to the other instances on the database; createApp keeps them in this process when not given. */
  signals?: InstanceSignals
}

export interface AppEnv {
  Variables: {
    deps: AppDeps
    user: UserRow | null
    /** The signed-in user's membership of the workspace the path names, read with the session (null: none). */
    membershipOf?: { tenant: string; membership: MembershipAccess | null }
    actor: Actor
    requestId: string
    /** Set once a header waits in Hono's context for the answer (a cookie: lib/cookies.ts). */
    headersPrepared?: boolean
    /** Set by the idempotency middleware while a keyed write runs; `stored` once its answer is kept. */
    idempotencyClaim?: { userId: string; key: string; stored: boolean }
  }
}
