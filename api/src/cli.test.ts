import { beforeEach, describe, expect, it } from 'vitest'
import { CliError, runCli } from './cli.ts'
import type { Db } from './db/database.ts'
import { findMembership } from './db/queries/tenants.ts'
import { seedIfEmpty } from './seed/seed.ts'
import { testDatabase } from './test/test-database.ts'

let db: Db
beforeEach(async () => {
  db = await testDatabase()
  await seedIfEmpty(db)
})

const count = async (table: 'cases' | 'conversations' | 'training_sets' | 'query_log', tenant: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_slug', '=', tenant)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('cli', () => {
  it('creates a tenant and adds a user with a role, creating the user once', async () => {
    expect(await runCli(db, ['tenant:create', 'reef', 'Reef Marine'])).toBe('Created tenant reef (Reef Marine).')
    expect(
      await runCli(db, ['user:add', 'reef', 'Sam@Reef.example', 'Manager', '--first', 'Sam', '--last', 'Reef']),
    ).toBe('sam@reef.example is now Manager in reef.')
    await runCli(db, ['user:add', 'demo', 'sam@reef.example', 'Technician'])
    const users = await db.selectFrom('users').selectAll().where('email', '=', 'sam@reef.example').execute()
    expect(users).toHaveLength(1)
    expect(users[0]).toMatchObject({ first_name: 'Sam', last_name: 'Reef' })
    expect((await findMembership(db, 'reef', users[0]?.id as string))?.role).toBe('Manager')
    expect((await findMembership(db, 'demo', users[0]?.id as string))?.role).toBe('Technician')
  })

  it.each([
    [['tenant:create', 'Bad Slug!', 'X'], /slug/],
    [['tenant:create', 'demo', 'Again'], /already exists/],
    [['user:add', 'nowhere', 'a@b.example', 'Admin'], /no tenant "nowhere"/],
    [['user:add', 'demo', 'not-an-email', 'Admin'], /email/],
    [['user:add', 'demo', 'a@b.example', 'Captain'], /role/],
    [['user:add', 'demo'], /takes 3 arguments/],
    [['launch'], /Usage/],
  ])('refuses %j with a readable message and changes nothing', async (argv, message) => {
    const before = await db.selectFrom('memberships').selectAll().execute()
    await expect(runCli(db, argv)).rejects.toThrow(CliError)
    await expect(runCli(db, argv)).rejects.toThrow(message)
    expect(await db.selectFrom('memberships').selectAll().execute()).toEqual(before)
  })

  it('resets the demo to its seed, leaves harbor alone and sends old sync cursors a reset', async () => {
    const seeded = await count('cases', 'demo')
    const tech = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'tech@demo.local')
      .executeTakeFirstOrThrow()
    await db.updateTable('cases').set({ title: 'Edited' }).where('tenant_slug', '=', 'demo').execute()
    await db.updateTable('tenants').set({ name: 'Renamed' }).where('slug', '=', 'demo').execute()
    await db.deleteFrom('memberships').where('user_id', '=', tech.id).execute()
    const harborBefore = await db.selectFrom('cases').selectAll().where('tenant_slug', '=', 'harbor').execute()
    const lastVersion = Number(
      (
        await db
          .selectFrom('change_log')
          .select((eb) => eb.fn.max('version').as('v'))
          .executeTakeFirstOrThrow()
      ).v,
    )

    expect(await runCli(db, ['demo:reset'])).toMatch(/Reset the demo/)
    expect(await count('cases', 'demo')).toBe(seeded)
    expect(await count('conversations', 'demo')).toBeGreaterThan(0)
    expect(await count('training_sets', 'demo')).toBeGreaterThan(0)
    expect(await count('query_log', 'demo')).toBe(40)
    expect(await db.selectFrom('cases').select('id').where('title', '=', 'Edited').execute()).toEqual([])
    expect(
      (await db.selectFrom('tenants').select('name').where('slug', '=', 'demo').executeTakeFirstOrThrow()).name,
    ).toBe('Marine Workbench')
    expect((await findMembership(db, 'demo', tech.id))?.role).toBe('Technician')
    expect(await db.selectFrom('cases').selectAll().where('tenant_slug', '=', 'harbor').execute()).toEqual(harborBefore)
    const horizon = await db
      .selectFrom('sync_horizon')
      .selectAll()
      .where('tenant_slug', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(horizon.min_version).toBe(lastVersion)
    const oldRows = await db
      .selectFrom('change_log')
      .select('version')
      .where('tenant_slug', '=', 'demo')
      .where('version', '<=', horizon.min_version)
      .execute()
    expect(oldRows).toEqual([])
  })
})
