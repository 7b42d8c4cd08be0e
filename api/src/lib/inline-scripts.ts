/**
 * The Content-Security-Policy hashes of the inline scripts in the web build's index.html (its
 * boot script, web/scripts/restore-view-plugin.ts): the only inline script the policy allows,
 * read from the file that is served, so a new build is allowed as it is and nothing else is.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'

export function inlineScriptHashes(indexHtmlPath: string): string[] {
  let html: string
  try {
    html = fs.readFileSync(indexHtmlPath, 'utf8')
  } catch {
    return []
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  )
}
