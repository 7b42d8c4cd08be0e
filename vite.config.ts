import { defineConfig } from 'vitest/config'

// Vitest 4+ no longer reads vitest.workspace.ts; its successor is `test.projects` here.
export default defineConfig({
  test: {
    projects: ['sync-protocol', 'api', 'api/vitest.postgres.config.ts', 'web', 'web/e2e'],
  },
})
