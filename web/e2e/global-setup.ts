import { existsSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

// Vitest requires the default export of a global setup file.
export default async function setup(project: TestProject) {
  const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../dist')
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('The e2e tests run against the built PWA: run `npm run build` (or `npm test`) first.')
  }
  const server = await startServer()
  project.provide('baseUrl', server.baseUrl)
  return server.stop
}
