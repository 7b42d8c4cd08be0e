import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'

/** Every /api/t/:tenant/* resource; requireMember has already set the actor. */
export const tenantRoutes = new Hono<AppEnv>()
