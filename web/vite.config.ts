import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const THEME_COLOR = '#0f766e'

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
        name: 'Marine Workbench',
        short_name: 'Workbench',
        description: 'Expert assistants, cases and training for marine service technicians, online or at sea.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
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
