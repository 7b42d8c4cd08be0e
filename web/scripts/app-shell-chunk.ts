/**
 * Puts the code the app loads first (everything `src/main.tsx` imports statically) in one chunk of
 * its own, `shell`, apart from the entry's few modules that name the screens' chunks (the router
 * and what imports it). Left to the bundler, that code sits in the entry chunk and every screen
 * imports from it by its hashed name: a change to one screen renamed the entry, so every screen's
 * chunk changed too and an app update downloaded 26 of 48 files. Code the signed-out landing also
 * uses goes in a small chunk of its own first, so the landing never loads the shell.
 */
import path from 'node:path'

interface ModuleInfo {
  importedIds: readonly string[]
  importers: readonly string[]
}
type GetModuleInfo = (id: string) => ModuleInfo | null

const SRC = path.resolve(import.meta.dirname, '../src')
const APP_ENTRY = path.join(SRC, 'main.tsx')
const LANDING_ENTRY = path.join(SRC, 'landing-main.ts')
const ROUTER = path.join(SRC, 'app/router.tsx')

function reachable(from: string, next: (info: ModuleInfo) => readonly string[], info: GetModuleInfo) {
  const seen = new Set<string>()
  const queue = [from]
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    const module = info(id)
    if (module) queue.push(...next(module))
  }
  return seen
}

let chunks: { shell: Set<string>; landing: Set<string> } | undefined

function chunksOf(getModuleInfo: GetModuleInfo) {
  if (!chunks) {
    const app = reachable(APP_ENTRY, (m) => m.importedIds, getModuleInfo)
    const landing = reachable(LANDING_ENTRY, (m) => m.importedIds, getModuleInfo)
    const namesScreens = reachable(ROUTER, (m) => m.importers, getModuleInfo)
    chunks = {
      shell: new Set([...app].filter((m) => !landing.has(m) && !namesScreens.has(m))),
      landing: new Set([...app].filter((m) => landing.has(m))),
    }
  }
  return chunks
}

type Ctx = { getModuleInfo: GetModuleInfo }

/**
 * The codeSplitting groups: `landing-shared` (what the landing and the app both use, captured
 * first so that the shell, which takes its modules' dependencies along, leaves it to the landing)
 * and `shell`. Everything else is the bundler's to split.
 */
export const appChunkGroups = [
  {
    priority: 1,
    name: (id: string, ctx: Ctx) => (chunksOf((m) => ctx.getModuleInfo(m)).landing.has(id) ? 'landing-shared' : null),
  },
  {
    name: (id: string, ctx: Ctx) => (chunksOf((m) => ctx.getModuleInfo(m)).shell.has(id) ? 'shell' : null),
  },
]
