/**
 * Puts what draws a screen's kept last view into index.html itself, so a warm start can draw it
 * before any file is read from the service worker's cache: the boot script
 * (src/app/last-view/restore.ts, compiled to a small classic script) inline after #root, and the
 * app's stylesheet inline in the head, which that script would otherwise wait for. The app's entry
 * is only preloaded: the boot script starts it after the frame that shows the kept view. The server
 * allows the inline script by its hash (api/src/lib/inline-scripts.ts); inline styles are allowed.
 */
import path from 'node:path'
import { buildSync } from 'esbuild'
import type { Plugin } from 'vite'

const ENTRY = path.resolve(import.meta.dirname, '../src/app/last-view/restore.ts')
/** index.html's stand-in for the script (Vite drops the `vite-ignore` that keeps it from bundling). */
const PLACEHOLDER = /<script\s+(?:vite-ignore\s+)?src="\/restore-view\.js"><\/script>/
/** The built entry script Vite puts in the head. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/

function compile(): string {
  const out = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
  })
  const script = (out.outputFiles[0]?.text ?? '').trim()
  if (script.includes('</script')) throw new Error('The boot script cannot be inlined: it contains "</script".')
  return script
}

export function restoreViewPlugin(): Plugin {
  return {
    name: 'mw-restore-view',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let page = html.replace(PLACEHOLDER, () => `<script>${compile()}</script>`)
        const entry = ENTRY_SCRIPT.exec(page)
        // Built only: the dev server's index.html keeps loading the app itself.
        if (ctx.bundle && page !== html) {
          if (!entry) throw new Error('index.html has no entry script for the boot script to start.')
          page = page.replace(
            entry[0],
            () => `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>`,
          )
        }
        for (const tag of page.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
          const href = /href="\/([^"]+)"/.exec(tag)?.[1]
          const asset = href ? ctx.bundle?.[href] : undefined
          if (asset?.type === 'asset') page = page.replace(tag, () => `<style>${String(asset.source)}</style>`)
        }
        return page
      },
    },
  }
}
