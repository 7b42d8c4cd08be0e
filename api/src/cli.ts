/**
 * Operator commands, run from the repository root as `npm run cli -- <command>`. They open the
 * same database as the server (DATA_DIR) and migrate it first.
 *   tenant:create <slug> <name>
 *   user:add <tenant> <email> <role> [--first X] [--last Y]
 *   demo:reset
 *   tenant:export <tenant> FILE
 *   tenant:delete <tenant>
 *   backup FILE
 *   restore FILE [--force]
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Role, roleSchema, tenantSlugSchema } from '@mw/sync-protocol'
import { z } from 'zod'
import type { Db } from './db/database.ts'
import { openDatabase } from './db/database.ts'
import { MIGRATION_NAMES, migrateToLatest } from './db/migrate.ts'
import { findTenant } from './db/queries/tenants.ts'
import { type Env, loadEnv } from './env.ts'
import { addMember } from './mutations/members.ts'
import { BackupError, backup, restore } from './ops/backup.ts'
import { CopyError, copyToPostgres } from './ops/db-copy.ts'
import { deleteTenant, exportTenant, TenantDataError } from './ops/tenant-data.ts'
import { resetSeededTenant } from './seed/reset-tenant.ts'
import { createTenant } from './seed/seed.ts'

/** A mistake in the command line; printed without a stack trace. */
export class CliError extends Error {}

const USAGE = `Usage: npm run cli -- <command>
  tenant:create <slug> <name>                            create a tenant
  user:add <tenant> <email> <role> [--first X --last Y]  add a user (Technician, Manager or Admin) to a tenant
  demo:reset                                             delete the demo tenant's data and seed it again
  tenant:export <tenant> FILE                            everything a tenant owns: JSON and its files, one tar.gz
  tenant:delete <tenant>                                 remove every row and file of a tenant, nothing of another
  backup FILE                                            a consistent backup (database and originals) while the server runs
  restore FILE [--force]                                 restore into an empty DATA_DIR (--force replaces data; stop the server first)
  db:copy --to postgres://…                              copy the SQLite database in DATA_DIR into an empty PostgreSQL database`

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value)
  if (!result.success) throw new CliError(`${what}: ${result.error.issues[0]?.message ?? 'not valid'}`)
  return result.data
}

export async function createTenantCommand(db: Db, slugArg: string, name: string): Promise<string> {
  const slug = parse(tenantSlugSchema, slugArg, 'slug')
  if (!name.trim()) throw new CliError('name: give the tenant a name.')
  if (await findTenant(db, slug)) throw new CliError(`A tenant "${slug}" already exists.`)
  await db.transaction().execute((trx) => createTenant(trx, slug, name.trim()))
  return `Created tenant ${slug} (${name.trim()}).`
}

export async function addUserCommand(
  db: Db,
  tenantArg: string,
  emailArg: string,
  roleArg: string,
  names: { first?: string; last?: string } = {},
): Promise<string> {
  const tenant = parse(tenantSlugSchema, tenantArg, 'tenant')
  const email = parse(z.email(), emailArg.trim().toLowerCase(), 'email')
  const role: Role = parse(roleSchema, roleArg, 'role (Technician, Manager or Admin)')
  if (!(await findTenant(db, tenant)))
    throw new CliError(`There is no tenant "${tenant}". Create it with tenant:create.`)
  const user = { email, firstName: names.first ?? null, lastName: names.last ?? null }
  await db.transaction().execute((trx) => addMember(trx, tenant, user, role))
  return `${email} is now ${role} in ${tenant}.`
}

export async function resetDemoCommand(db: Db): Promise<string> {
  await resetSeededTenant(db, 'demo')
  return 'Reset the demo tenant to its seeded data.'
}

const cliError = (error: unknown): never => {
  throw error instanceof TenantDataError ? new CliError(error.message) : error
}

export async function runCli(db: Db, argv: string[], env: Env = loadEnv()): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { first: { type: 'string' }, last: { type: 'string' } },
  })
  const [command, ...rest] = positionals
  const arity = (n: number) => {
    if (rest.length !== n) throw new CliError(`${command} takes ${n} arguments.\n${USAGE}`)
  }
  switch (command) {
    case 'tenant:create':
      arity(2)
      return createTenantCommand(db, rest[0] as string, rest[1] as string)
    case 'user:add':
      arity(3)
      return addUserCommand(db, rest[0] as string, rest[1] as string, rest[2] as string, values)
    case 'demo:reset':
      arity(0)
      return resetDemoCommand(db)
    case 'tenant:export': {
      arity(2)
      const { rows, files } = await exportTenant(env, db, rest[0] as string, rest[1] as string).catch(cliError)
      return `Exported ${rest[0]}: ${rows} rows and ${files} original files to ${path.resolve(rest[1] as string)}.`
    }
    case 'tenant:delete':
      arity(1)
      return deleteTenant(env, db, rest[0] as string).catch(cliError)
    default:
      throw new CliError(USAGE)
  }
}

/** Backup, restore and db:copy work on files and URLs, not through the server's open database (a restore needs an empty DATA_DIR). */
export async function runFileCommand(env: Env, argv: string[]): Promise<string | null> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, to: { type: 'string' } },
  })
  const [command, file, ...extra] = positionals
  if (command === 'db:copy') {
    if (!values.to || file) throw new CliError(`db:copy takes --to postgres://….\n${USAGE}`)
    const { rows } = await copyToPostgres(env.dbFile, values.to).catch((error: unknown) => {
      throw error instanceof CopyError ? new CliError(error.message) : error
    })
    return `Copied ${rows} rows from ${env.dbFile} into PostgreSQL. Start the server with DATABASE_URL set to it; the originals stay in ${env.documentsDir}.`
  }
  if (command !== 'backup' && command !== 'restore') return null
  if (!file || extra.length) throw new CliError(`${command} takes one FILE.\n${USAGE}`)
  try {
    return command === 'backup'
      ? await backup(env, file)
      : await restore(env, file, MIGRATION_NAMES, values.force === true)
  } catch (error) {
    throw error instanceof BackupError ? new CliError(error.message) : error
  }
}

if (import.meta.main) {
  const env = loadEnv()
  const fileResult = await runFileCommand(env, process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof CliError ? error.message : error)
    process.exit(1)
  })
  if (fileResult !== null) {
    console.log(fileResult)
    process.exit(0)
  }
  const { db } = openDatabase(env.database)
  try {
    await migrateToLatest(db)
    console.log(await runCli(db, process.argv.slice(2)))
  } catch (error) {
    console.error(error instanceof CliError ? error.message : error)
    process.exitCode = 1
  } finally {
    await db.destroy()
  }
}
