import { z } from 'zod'

/** One HTTP operation, described with the protocol's own zod schemas. */

export type Access = 'public' | 'signed-in' | 'member' | 'manager' | 'admin' | 'loopback-or-token'

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** OpenAPI path, `{param}` style. */
  path: string
  summary: string
  access: Access
  tag: string
  query?: z.ZodObject
  body?: z.ZodType
  /** Request body other than JSON. */
  bodyType?: 'multipart/form-data' | 'application/x-www-form-urlencoded' | 'image/*' | 'application/octet-stream'
  status: number
  /** JSON answer; absent when the answer is not JSON (named by `produces`). */
  response?: z.ZodType
  produces?: string
}

export const T = '/api/t/{tenant}'
export const list = z.array
export const ok = (status = 200) => ({ status })
