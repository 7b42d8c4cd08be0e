import { defineConfig } from 'vitest/config'

// Browser journeys against ONE real server (global-setup.ts) and the built PWA, in real Chromium.
// Files run one after another: each owns a browser, and they share the server's database.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
