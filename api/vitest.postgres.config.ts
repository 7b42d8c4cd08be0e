import { defineProject } from 'vitest/config'

/**
 * The API and sync suites again on PostgreSQL: a throwaway cluster for the run, a database per
 * test. The SQLite-only checks (its online backup, kill -9 of a server on its file, the compiled
 * server's start) stay in the `api` project.
 */
export default defineProject({
  test: {
    name: 'api-pg',
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/postgres-global-setup.ts'],
    testTimeout: 20_000,
    exclude: [
      '**/node_modules/**',
      'src/ops/backup.test.ts',
      'src/test/crash.test.ts',
      'src/test/persistence.test.ts',
      'src/test/shutdown.test.ts',
    ],
  },
})
