/**
 * The original files, kept once per content hash under DATA_DIR/originals (two documents with the
 * same bytes, in two tenants, share one file). Uploads stream into tmp/ first and are moved into
 * place only once they are accepted.
 */
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const originalPath = (dir: string, sha256: string) => path.join(dir, sha256.slice(0, 2), sha256)

export function tempPath(dir: string): string {
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true })
  return path.join(dir, 'tmp', randomUUID())
}

/** Moves an accepted upload into the store (or drops it when the same bytes are there already). */
export function keepOriginal(dir: string, temp: string, sha256: string): void {
  const target = originalPath(dir, sha256)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  if (fs.existsSync(target)) fs.rmSync(temp, { force: true })
  else fs.renameSync(temp, target)
}

/** Stores bytes already in memory (the starter packs, the CLI) and returns their hash. */
export function storeOriginal(dir: string, bytes: Uint8Array): string {
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const target = originalPath(dir, sha256)
  if (!fs.existsSync(target)) {
    const temp = tempPath(dir)
    fs.writeFileSync(temp, bytes)
    keepOriginal(dir, temp, sha256)
  }
  return sha256
}

export function removeOriginal(dir: string, sha256: string): void {
  fs.rmSync(originalPath(dir, sha256), { force: true })
}
