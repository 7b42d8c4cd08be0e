// Compiles the server for production: api/src/index.ts and its document-parsing thread to plain
// JavaScript in api/dist (one file each, source maps beside them). The workspace's own TypeScript
// (sync-protocol) is compiled in; the api's npm dependencies stay in node_modules.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const api = path.resolve(import.meta.dirname, '../api')
const { dependencies } = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'))
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@mw/'))

await build({
  entryPoints: {
    server: path.join(api, 'src/index.ts'),
    'parse-worker': path.join(api, 'src/documents/parse-worker.ts'),
  },
  outdir: path.join(api, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS (if any) calls require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
})
console.log('Compiled the server to api/dist')
