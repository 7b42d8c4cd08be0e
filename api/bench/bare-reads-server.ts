/**
 * The baseline of `npm run bench:reads`: bare Hono over the same database, running the same
 * SELECT as an authenticated `GET /api/t/demo/cases` of the technician, with nothing else (no
 * session, membership, budgets, validation or mapping). `BARE_DB` is the SQLite file or a
 * postgres:// URL; `BARE_USER` the technician's id. On PostgreSQL the SELECT goes unnamed, as pg
 * sends a query by default (parsed and planned on every call); with `BARE_PREPARED` it is prepared
 * once per connection and run by name, as the product runs the reads it compiles once.
 */
import { serve } from '@hono/node-server'
import SQLite from 'better-sqlite3'
import { Hono } from 'hono'
import pg from 'pg'

const location = process.env.BARE_DB ?? ''
const user = process.env.BARE_USER ?? ''
const SELECT = `SELECT * FROM cases WHERE tenant_slug = 'demo' AND (created_by = $1 OR assigned_to = $1)
  ORDER BY created_at DESC, id DESC LIMIT 201`

const read: () => Promise<unknown[]> = location.startsWith('postgres')
  ? (() => {
      const pool = new pg.Pool({ connectionString: location, max: 10 })
      const name = process.env.BARE_PREPARED ? 'cases' : undefined
      return async () => (await pool.query({ name, text: SELECT, values: [user] })).rows
    })()
  : (() => {
      const statement = new SQLite(location, { readonly: true }).prepare(SELECT.replaceAll('$1', '@user'))
      return async () => statement.all({ user }) as unknown[]
    })()

const app = new Hono().get('/cases', async (c) => c.json(await read()))
serve({ fetch: app.fetch, port: Number(process.env.PORT) })
