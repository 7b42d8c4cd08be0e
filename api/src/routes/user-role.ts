import type { RoleAnswer } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { jsonAnswer } from '../lib/json-answer.ts'

/** GET /user/role: the caller's role in this tenant (requireMember resolved it). */
export const userRoleRoutes = new Hono<AppEnv>().get('/user/role', (c) => {
  const body: RoleAnswer = { role: c.get('actor').role }
  return jsonAnswer(c, body)
})
