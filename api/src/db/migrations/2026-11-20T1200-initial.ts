import { type Kysely, sql } from 'kysely'
import { runDdl, runDdlFor } from '../ddl.ts'

const statements = [
  `CREATE TABLE tenants (
    slug TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    theme TEXT NOT NULL DEFAULT 'slate',
    logo_url TEXT,
    logo_letters TEXT NOT NULL DEFAULT '',
    models_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    first_name TEXT,
    last_name TEXT,
    profile_image_url TEXT,
    oidc_subject TEXT UNIQUE,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE memberships (
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('Technician','Manager','Admin')),
    scope_version INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    PRIMARY KEY (tenant_slug, user_id)
  )`,
  `CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    id_token TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )`,
  `CREATE TABLE login_states (
    state TEXT PRIMARY KEY,
    code_verifier TEXT NOT NULL,
    nonce TEXT NOT NULL,
    return_to TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE cases (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    expert TEXT NOT NULL CHECK (expert IN ('seakeeper','furuno')),
    status TEXT NOT NULL CHECK (status IN ('Open','In-Progress','Resolved')),
    tags_json TEXT NOT NULL DEFAULT '[]',
    created_by TEXT NOT NULL REFERENCES users(id),
    assigned_to TEXT REFERENCES users(id),
    conversation_id TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    status_version INTEGER NOT NULL DEFAULT 1,
    status_changed_by TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE INDEX cases_tenant ON cases (tenant_slug, updated_at)`,
  `CREATE TABLE case_events (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    author_id TEXT NOT NULL,
    data_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX case_events_case ON case_events (case_id, created_at)`,
  `CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    agent_id TEXT NOT NULL CHECK (agent_id IN ('seakeeper','furuno','master')),
    title TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE INDEX conversations_user ON conversations (tenant_slug, user_id, updated_at)`,
  `CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user','assistant')),
    content TEXT NOT NULL,
    sources_json TEXT NOT NULL DEFAULT '[]',
    reply_to TEXT UNIQUE,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX messages_conversation ON messages (conversation_id, created_at)`,
  `CREATE TABLE query_log (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    expert TEXT NOT NULL,
    query TEXT NOT NULL,
    best_score REAL NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX query_log_tenant ON query_log (tenant_slug, created_at)`,
  `CREATE TABLE training_sets (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    expert TEXT NOT NULL,
    questions_json TEXT NOT NULL DEFAULT '[]',
    created_by TEXT NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE TABLE training_assignments (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    set_id TEXT NOT NULL REFERENCES training_sets(id) ON DELETE CASCADE,
    assigned_to_role TEXT,
    assigned_to_id TEXT REFERENCES users(id),
    completed INTEGER NOT NULL DEFAULT 0,
    score REAL,
    created_by TEXT NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CHECK ((assigned_to_role IS NULL) <> (assigned_to_id IS NULL))
  )`,
  `CREATE TABLE change_log (
    version INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_slug TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    op TEXT NOT NULL CHECK (op IN ('upsert','delete')),
    changed_at TEXT NOT NULL,
    UNIQUE (tenant_slug, entity, entity_id)
  )`,
  `CREATE INDEX change_log_tenant ON change_log (tenant_slug, version)`,
  `CREATE TABLE sync_horizon (
    tenant_slug TEXT PRIMARY KEY,
    min_version INTEGER NOT NULL
  )`,
  `CREATE TABLE sync_devices (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    last_seq INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
  )`,
  `CREATE TABLE sync_mutations (
    mid TEXT PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES sync_devices(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    result_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX sync_mutations_created ON sync_mutations (created_at)`,
  `CREATE TABLE idempotency_keys (
    user_id TEXT NOT NULL,
    key TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    body_hash TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending','done')),
    status INTEGER,
    response_body TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  )`,
]

/**
 * PostgreSQL has no NOCASE: e-mail addresses are unique ignoring case through an index on their
 * lower case, and the change log's versions come from one counter row per tenant.
 */
const postgresOnly = [
  `CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`,
  `CREATE TABLE change_log_counters (
    tenant_slug TEXT PRIMARY KEY,
    version BIGINT NOT NULL
  )`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements)
  await runDdlFor(db, { sqlite: [], postgres: postgresOnly })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = statements
    .map((s) => /^CREATE TABLE (\w+)/.exec(s)?.[1])
    .filter((t): t is string => Boolean(t))
    .reverse()
  for (const table of tables) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db)
}
