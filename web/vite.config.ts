import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { PRODUCT_NAME, PWA_MANIFEST_BASE, PWA_THEME_COLOR } from '../sync-protocol/src/index.ts'

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // register-sw.ts registers /sw.js itself through workbox-window, to drive the update prompt.
      injectRegister: false,
      injectManifest: {
        // The app shell and every route chunk: all the app needs to open with no network. The
        // plugin adds the manifest and its icons itself.
        globPatterns: ['**/*.{js,css,html,svg}'],
        // pdfjs (~570 KB) draws PDF pages in the document viewer, which needs the network anyway:
        // it is fetched when a PDF is opened, never at install over a satellite link.
        globIgnores: ['**/pdf-*.js', '**/pdf.worker*'],
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
  // The offline answerer's worker imports modules of its own (Dexie, the retrieval core).
  worker: { format: 'es' },
  // scripts/check-bundle.mjs reads .vite/manifest.json to sum the first-load JS of the signed-in Home.
  build: { manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
  },
})
