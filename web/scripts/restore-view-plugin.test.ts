// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { restoreViewPlugin } from './restore-view-plugin.ts'

type Handler = (html: string, ctx: { bundle?: Record<string, unknown> }) => string
const transform = (html: string, bundle?: Record<string, unknown>) =>
  (restoreViewPlugin().transformIndexHtml as { handler: Handler }).handler(html, { bundle })

const page = (entry: string) =>
  `<html><head>${entry}<link rel="stylesheet" crossorigin href="/assets/app-X1.css"></head>` +
  '<body><div id="root"></div><script vite-ignore src="/restore-view.js"></script></body></html>'
const BUILT_ENTRY = '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>'
const bundle = { 'assets/app-X1.css': { type: 'asset', source: '.row{color:red}' } }

describe('the index.html of the web build', () => {
  it('preloads the entry for the boot script to start, with the boot script and the stylesheet inline', () => {
    const built = transform(page(BUILT_ENTRY), bundle)
    expect(built).toContain('<link rel="modulepreload" crossorigin href="/assets/index-Ab12.js" data-app-entry>')
    expect(built).not.toContain('<script type="module"')
    expect(built).toMatch(/<script>[^<]*data-app-entry[^<]*<\/script>/)
    expect(built).toContain('<style>.row{color:red}</style>')
  })

  it('on the dev server leaves the entry script to load the app itself', () => {
    const dev = transform(page('<script type="module" src="/src/main.tsx"></script>'))
    expect(dev).toContain('<script type="module" src="/src/main.tsx"></script>')
    expect(dev).not.toContain('data-app-entry>')
  })

  it('fails a build whose index.html has no entry script, rather than ship a page that never starts', () => {
    expect(() => transform(page(''), bundle)).toThrow(/no entry script/)
  })
})
