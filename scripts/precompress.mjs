// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file
// of web/dist above 1 KB, so the server sends them as they are (serveStatic `precompressed`)
// instead of compressing each request. Images and PDFs are already compressed and left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../web/dist'))
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024

let files = 0
let before = 0
let after = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) {
      walk(file)
      continue
    }
    if (!COMPRESSIBLE.test(name)) continue
    const bytes = readFileSync(file)
    if (bytes.length < MIN_BYTES) continue
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    })
    writeFileSync(`${file}.br`, br)
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
    files++
    before += bytes.length
    after += br.length
  }
}
walk(dist)
console.log(
  `Precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB as brotli.`,
)
