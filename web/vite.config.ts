import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { PRODUCT_NAME, PWA_MANIFEST_BASE, PWA_THEME_COLOR } from '../sync-protocol/src/index.ts'
import precacheExclusions from './precache-exclusions.json' with { type: 'json' }
import { appChunkGroups } from './scripts/app-shell-chunk.ts'
import { restoreViewPlugin } from './scripts/restore-view-plugin.ts'

export default defineConfig({
  plugins: [
    react(),
    restoreViewPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // register-sw.ts registers /sw.js itself through workbox-window, to drive the update prompt.
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        // The app shell and the route chunks: all the app needs to open with no network. The
        // plugin adds the manifest; its icons are the browser's business at install, not the app's.
        globPatterns: ['**/*.{js,css,html,svg}'],
        // Parts few devices need are cached on first use (sw.ts), never at install over a
        // satellite link: pdfjs (~570 KB, drawing PDF pages; fetched too when originals are
        // kept), the reports (charts) and admin screens, which need the network for their data
        // anyway, and the offline answerer, fetched when the device keeps manuals. The signed-out
        // landing comes from the server; once installed, the app is what opens.
        globIgnores: precacheExclusions.globs,
      },
      manifest: {
        ...PWA_MANIFEST_BASE,
        icons: [...PWA_MANIFEST_BASE.icons],
        name: PRODUCT_NAME,
        short_name: 'Workbench',
        start_url: '/',
        theme_color: PWA_THEME_COLOR,
      },
    }),
  ],
  // The offline answerer's worker imports modules of its own (Dexie, the retrieval core). The list
  // of everyday words (64 KB brotli) is a chunk of its own: a device keeps it from one release to
  // the next, while the worker's code changes with the ranking.
  worker: {
    format: 'es',
    rollupOptions: {
      output: { codeSplitting: { groups: [{ name: 'everyday-words', test: /everyday-words\.json/ }] } },
    },
  },
  // scripts/check-bundle.mjs reads .vite/manifest.json to sum the first-load JS of the signed-in Home.
  // landing.html is the signed-out first visit the server sends without a session (api/src/app.ts).
  build: {
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', landing: 'landing.html' },
      output: { codeSplitting: { groups: appChunkGroups } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
  },
})
