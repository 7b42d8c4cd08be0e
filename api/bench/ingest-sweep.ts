/**
 * `npm run bench:ingest-sweep -- DIR...`: every file in DIR (by default the evaluation corpus)
 * through the real `ingestFile` path (worker, parser, chunking) into a temp SQLite database, and
 * per file: outcome (ready, or failed and why), time, passages, passages without a section,
 * near-empty and very long passages, the title chosen, and the passages whose text looks wrong
 * (replacement or private-use characters, ligatures, words broken at a line's hyphen, run-together
 * words, letter-spaced glyph soup, a line repeated through the document as running heads are,
 * navigation or banner text), with an example of each and a few sample passages. `--samples N`
 * sets how many (2), `--out FILE` writes the report there as well. The documents of the sweep of
 * issue 11 are listed in bench/ingest-sweep/SOURCES.md; nothing is fetched here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { findDocument, listPassages } from '../src/db/queries/documents.ts'
import { ingestFile } from '../src/experts/ingest.ts'
import { benchDatabase, benchDeps } from './bench-db.ts'

const { values, positionals } = parseArgs({
  options: { samples: { type: 'string', default: '2' }, out: { type: 'string' } },
  allowPositionals: true,
})
const base = process.env.INIT_CWD ?? process.cwd()
const dirs =
  positionals.length > 0
    ? positionals.map((p) => path.resolve(base, p))
    : [path.join(import.meta.dirname, 'eval-corpus')]
const samples = Number(values.samples)

type Passage = { section: string | null; page: number | null; text: string }

const words = (text: string) => text.split(/\s+/).filter(Boolean).length
/** What makes a passage's text look wrong, each a test on one passage. */
const CHECKS: Record<string, (text: string) => boolean> = {
  'replacement or private-use characters': (t) => /[\ufffd\ue000-\uf8ff]/u.test(t),
  ligatures: (t) => /[\ufb00-\ufb06]/u.test(t),
  'word broken at a hyphen': (t) => /\p{Ll}{2,}- \p{Ll}{2,}/u.test(t.replace(/\b(and|or|to)\b/g, '')),
  'run-together words': (t) =>
    /(?<![/\w.@-])\p{Ll}{3,}\p{Lu}\p{Ll}{3,}\p{Lu}?\p{Ll}*(?![\w(])/u.test(t) || /\p{L}{32,}/u.test(t),
  'glyph soup': (t) => /(?:^|\s)(?:\S ){8,}/u.test(t) || symbolShare(t) > 0.4,
  'navigation or banner text': (t) =>
    /\b(skip to (main )?content|edit on github|edit this page|back to top|previous\s*next|table of contents|cookies?\b.{0,40}\b(accept|consent)|built with (sphinx|mkdocs)|made with material|search docs|toggle navigation)\b/i.test(
      t,
    ),
}

function symbolShare(text: string): number {
  const visible = text.replace(/\s/g, '')
  if (visible.length < 20) return 0
  return visible.replace(/[\p{L}\p{N}]/gu, '').length / visible.length
}

/** Short lines found in many passages: running heads, footers or menu entries left in. */
function repeatedLines(passages: Passage[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const p of passages) {
    for (const line of new Set(p.text.split('\n').map((l) => l.trim()))) {
      if (line.length >= 4 && line.length <= 80 && !line.includes(' | ')) counts.set(line, (counts.get(line) ?? 0) + 1)
    }
  }
  const needed = Math.max(4, passages.length * 0.15)
  return new Map([...counts].filter(([, n]) => n >= needed))
}

const clip = (text: string, max = 220) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

const lines: string[] = []
const say = (line = '') => {
  lines.push(line)
  console.log(line)
}

const { db } = await benchDatabase()
const deps = benchDeps(db)
const files = dirs.flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((f) => !/^(SOURCES\.md|questions.*\.json)$/.test(f))
    .sort()
    .map((f) => path.join(dir, f)),
)
const rows: string[][] = []
const details: string[] = []
for (const file of files) {
  const name = path.basename(file)
  const started = performance.now()
  let outcome: string
  let title = ''
  let passages: Passage[] = []
  try {
    const result = await ingestFile(deps, { tenant: 'demo', expert: 'furuno' }, name, fs.readFileSync(file))
    const warning = (await findDocument(db, 'demo', result.documentId))?.warning
    outcome = result.outcome === 'ready' ? `ready${warning ? ` (${warning})` : ''}` : `failed: ${result.error}`
    title = result.title
    passages = await listPassages(db, result.documentId)
  } catch (error) {
    outcome = `refused: ${error instanceof Error ? error.message : String(error)}`
  }
  const seconds = (performance.now() - started) / 1000
  const flagged = Object.entries(CHECKS).map(([label, test]) => ({ label, hits: passages.filter((p) => test(p.text)) }))
  const repeated = repeatedLines(passages)
  const noSection = passages.filter((p) => !p.section).length
  const tiny = passages.filter((p) => words(p.text) < 4)
  const huge = passages.filter((p) => words(p.text) > 300)
  const odd = new Set(flagged.flatMap((f) => f.hits))
  for (const p of passages) if (p.text.split('\n').some((l) => repeated.has(l.trim()))) odd.add(p)
  const share = passages.length === 0 ? 0 : odd.size / passages.length
  rows.push([
    name,
    outcome.startsWith('ready') ? 'ready' : 'FAILED',
    seconds.toFixed(1),
    String(passages.length),
    String(noSection),
    String(tiny.length),
    String(huge.length),
    passages.length === 0 ? '-' : share.toFixed(2),
    clip(title, 50),
  ])
  details.push(`## ${name}`, `${outcome}; title "${title}"; ${passages.length} passages in ${seconds.toFixed(1)} s`)
  for (const { label, hits } of flagged) {
    if (hits.length > 0) details.push(`- ${label}: ${hits.length}, e.g. «${clip(hits[0]?.text ?? '')}»`)
  }
  for (const [line, n] of [...repeated].slice(0, 3))
    details.push(`- line repeated in ${n} passages: «${clip(line, 80)}»`)
  if (tiny.length > 0) details.push(`- near-empty: ${tiny.length}, e.g. «${clip(tiny[0]?.text ?? '')}»`)
  if (huge.length > 0) details.push(`- over 300 words: ${huge.length}, e.g. «${clip(huge[0]?.text ?? '', 120)}»`)
  const step = Math.max(1, Math.floor(passages.length / (samples + 1)))
  for (let i = 1; i <= samples && i * step < passages.length; i++) {
    const p = passages[i * step] as Passage
    details.push(`- sample [${p.section ?? 'no section'} · p.${p.page ?? '-'}] «${clip(p.text)}»`)
  }
  details.push('')
}

const header = ['file', 'outcome', 's', 'passages', 'no section', '<4 words', '>300 words', 'odd share', 'title']
say(`${files.length} files from ${dirs.join(', ')}`)
say()
say(`| ${header.join(' | ')} |`)
say(`|${header.map(() => '---').join('|')}|`)
for (const row of rows) say(`| ${row.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`)
say()
for (const line of details) say(line)
if (values.out) fs.writeFileSync(path.resolve(base, values.out), `${lines.join('\n')}\n`)
await db.destroy()
