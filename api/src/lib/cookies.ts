import type { Context } from 'hono'
import { deleteCookie as deleteHonoCookie, setCookie as setHonoCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import type { AppEnv } from '../app-env.ts'

/**
 * The app's only way to set or end a cookie (the linter refuses hono/cookie's elsewhere). Hono
 * keeps the header until the answer is made, and a JSON answer built whole (json-answer.ts)
 * would leave it out: `headersPrepared` tells it to answer through Hono instead.
 */
export function setCookie(c: Context<AppEnv>, name: string, value: string, options: CookieOptions) {
  setHonoCookie(c, name, value, options)
  c.set('headersPrepared', true)
}

export function deleteCookie(c: Context<AppEnv>, name: string, options: CookieOptions) {
  deleteHonoCookie(c, name, options)
  c.set('headersPrepared', true)
}
