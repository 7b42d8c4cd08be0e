/** The installed app's manifest: the build's default (web/vite.config.ts) and each tenant's (api routes/branding.ts). */
export const PWA_THEME_COLOR = '#0f766e'
export const PWA_MANIFEST_BASE = {
  description: 'Expert assistants, cases and training for marine service technicians, online or at sea.',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#f8fafc',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const
