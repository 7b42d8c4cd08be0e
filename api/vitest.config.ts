import { defineProject } from 'vitest/config'

// `*.pg.test.ts` check what only PostgreSQL has (pg_dump backups, db:copy into it): the api-pg project runs them.
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
  },
})
