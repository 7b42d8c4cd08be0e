import path from 'node:path'

/**
 * The api package's folder, found from here: `src/` when run from source and `dist/` when
 * compiled are both one level below it, so every path built from these holds in both.
 */
export const API_DIR = path.resolve(import.meta.dirname, '..')
export const REPO_ROOT = path.resolve(API_DIR, '..')
