/**
 * `npm run eval:retrieval`: retrieval and answer quality on two kinds of set.
 * 1. Real public documents (bench/eval-corpus, origins in SOURCES.md) kept by the Furuno expert
 *    beside its starter pack, asked in a technician's words, with questions the corpus cannot
 *    answer; a validation set written after the ranking was settled, a holdout set over
 *    documents from other sources and generators (its questions written before any retrieval
 *    was run on them), a fresh set over ten more such documents, and an unseen set over ten
 *    documents from other domains (APRS/AIS radio, gpsd, Victron Venus OS batteries and MQTT),
 *    committed before any retrieval was run on them (the honest preview of held-back documents),
 *    and a sixth set over ten documents from generators the corpus had not used (Doxygen HTML,
 *    Jekyll Markdown, a DocBook man page), a seventh over ten more (Sphinx Read the Docs HTML,
 *    a LyX/Ghostscript PDF, a DocBook article: radio, Bluetooth, Modbus, sail design), and an
 *    eighth over eight more (Texinfo and DBLaTeX PDFs, a Docutils page, hand-written HTML 4, Sphinx
 *    Furo: UPS monitoring, AVR programming, packet radio, HF digital voice, SocketCAN), and a ninth
 *    over six more (Apache FOP, dvips/Ghostscript 9 and LyX pdfTeX PDFs, groff and Asciidoctor 2
 *    HTML: GPSBabel, PIC and 8051 toolchains, GPS time for NTP, PCB calculators, an APRS
 *    digipeater), and a tenth over seven more (yodl man-page HTML, hand-written Bluefish HTML,
 *    Latin-1 DocBook XSL, GitHub and VuePress Markdown: socat, picocom, pynmea2, rtl_433, xnec2c,
 *    smartmontools' bad blocks), and an eleventh over five PDFs from gropdf, XeTeX, ConTeXt on LuaTeX
 *    and Acrobat Distiller (building, indexing and finding manuals), and a twelfth over eight
 *    documents from new projects (OpenCPN's DokuWiki manual pages, AIS-catcher's MkDocs pages,
 *    pyais, mpp-solar, an ESPHome JK-BMS component, a Venus OS MQTT battery driver), and a
 *    thirteenth over seven more (SavvyCAN's help, a SeaTalk autopilot remote, PyGPSClient, batmon-ha,
 *    Hat Labs' SH-RPi), written after the gate's weights were fitted, and a fourteenth over seven more
 *    (ARDOP's Word PDFs, RTKLIB's HomePage Builder HTML, TwoCan, MAIANA), and a fifteenth over
 *    seven more (OpenCPN's Dashboard-Tactics PDFs, weather routing's hand-written help, SparkFun RTK's
 *    MkDocs pages, SDRangel's DSC and AIS pages), and a sixteenth over six more (a pdfTeX NMEA
 *    multiplexer manual, three LibreOffice hardware manuals from Olimex, a BMS manual's Markdown
 *    chapters), also untuned, are reported apart.
 * 2. The starter packs' own 21 questions, each naming the section that answers it.
 * Prints recall@5, MRR, fact in the built-in answer, false "nothing relevant", unanswerable
 * questions said so, and retrieval latency (p50/p95). Then the answerable questions of the main and
 * validation sets again with an aside a technician adds (a vessel's or customer's name, a place,
 * a model or a job number): how often that alone turns an answer into "nothing relevant" (the
 * names of the tenant's vessels are left out of a question). `-- --postgres` runs the same on PostgreSQL
 * (a throwaway cluster), to compare its full-text ranking with SQLite's. `-- --own` asks each set
 * instead of an expert in a tenant of its own holding only that set's documents (those its questions
 * name) beside the starter packs, as a new customer's workspace has: the small knowledge base.
 * Both print the totals over every set. `-- --evidence FILE` writes what decided each answer
 * (answer-odds.ts) to FILE, one JSON line a question, for `bench/fit-answer-odds.ts`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Expert } from '@mw/sync-protocol'
import { localAnswerLines, SOURCES_USED, TOP_K } from '@mw/sync-protocol/retrieval'
import { caseVessels } from '../src/db/queries/cases.ts'
import { ingestFile } from '../src/experts/ingest.ts'
import { seedKnowledgePacks } from '../src/experts/packs.ts'
import { retrieve } from '../src/experts/retrieve.ts'
import { createTenant } from '../src/seed/seed.ts'
import { benchDatabaseFromArgs, benchDeps, percentile } from './bench-db.ts'

interface CorpusCase {
  question: string
  docs?: string[]
  page?: number
  fact?: string
  unanswerable?: boolean
}
interface PackCase {
  expert: Expert
  question: string
  section: string
}

const here = import.meta.dirname
const corpusDir = path.join(here, 'eval-corpus')
const verbose = process.argv.includes('--verbose')
const own = process.argv.includes('--own')
const evidenceArg = process.argv.indexOf('--evidence')
const evidenceFile = evidenceArg > 0 ? process.argv[evidenceArg + 1] : undefined
if (evidenceFile) fs.writeFileSync(evidenceFile, '')
const { db, kind, close } = await benchDatabaseFromArgs()
console.log(`Database: ${kind}`)
const deps = benchDeps(db)
const EXPERT: Expert = 'furuno'
const documentsIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => /\.(pdf|html|md)$/.test(f) && f !== 'SOURCES.md')
    .map((f) => path.join(dir, f))
async function loadCorpus(tenant: string, files: string[]) {
  await seedKnowledgePacks(deps, tenant)
  for (const file of files) {
    const result = await ingestFile(deps, { tenant, expert: EXPERT }, path.basename(file), fs.readFileSync(file))
    if (result.outcome !== 'ready') throw new Error(`${file}: ${result.outcome} ${result.error ?? ''}`)
  }
}
// The sixth set's documents go with the others into a second tenant's expert: five of them cover
// the NMEA2000 library that three of the first set's PDFs cover too, and would answer the first
// set's questions under other names than the ones those questions expect.
// The seventh set's go into a third tenant, made here, beside all of them: the sixth set's
// figures stay those of the tenant its questions were written for. The eighth set's go into a
// fourth beside every document, so the seventh set's tenant stays the one its questions met, and
// the ninth set's into a fifth beside every document, so the eighth set's tenant stays as it was,
// and the tenth set's into a sixth beside every document, so the ninth set's tenant stays as it was,
// and the eleventh set's into a seventh beside every document, so the tenth set's stays as it was,
// and the twelfth set's into an eighth beside every document, so the eleventh set's stays as it was,
// and the thirteenth set's into a ninth beside every document, so the twelfth set's stays as it was,
// and the fourteenth set's into a tenth beside every document, so the thirteenth set's stays as it was,
// and the fifteenth set's into an eleventh beside every document, so the fourteenth set's stays as it was,
// and the sixteenth set's into a twelfth beside every document, so the fifteenth set's stays as it was.
const SIXTH = 'harbor'
const SEVENTH = 'cove'
const EIGHTH = 'reef'
const NINTH = 'bay'
const TENTH = 'inlet'
const ELEVENTH = 'sound'
const TWELFTH = 'strait'
const THIRTEENTH = 'cape'
const FOURTEENTH = 'point'
const FIFTEENTH = 'haven'
const SIXTEENTH = 'shoal'
const sixthCorpus = [...documentsIn(corpusDir), ...documentsIn(path.join(corpusDir, 'sixth'))]
const seventhCorpus = [...sixthCorpus, ...documentsIn(path.join(corpusDir, 'seventh'))]
const eighthCorpus = [...seventhCorpus, ...documentsIn(path.join(corpusDir, 'eighth'))]
const ninthCorpus = [...eighthCorpus, ...documentsIn(path.join(corpusDir, 'ninth'))]
const tenthCorpus = [...ninthCorpus, ...documentsIn(path.join(corpusDir, 'tenth'))]
const eleventhCorpus = [...tenthCorpus, ...documentsIn(path.join(corpusDir, 'eleventh'))]
const twelfthCorpus = [...eleventhCorpus, ...documentsIn(path.join(corpusDir, 'twelfth'))]
const thirteenthCorpus = [...twelfthCorpus, ...documentsIn(path.join(corpusDir, 'thirteenth'))]
const fourteenthCorpus = [...thirteenthCorpus, ...documentsIn(path.join(corpusDir, 'fourteenth'))]
const fifteenthCorpus = [...fourteenthCorpus, ...documentsIn(path.join(corpusDir, 'fifteenth'))]
const everyDocument = [...fifteenthCorpus, ...documentsIn(path.join(corpusDir, 'sixteenth'))]
const readCases = (file: string) => JSON.parse(fs.readFileSync(path.join(corpusDir, file), 'utf8')) as CorpusCase[]
if (!own) {
  await loadCorpus('demo', documentsIn(corpusDir))
  await loadCorpus(SIXTH, sixthCorpus)
  await createTenant(db, SEVENTH, 'Cove Marine Electronics')
  await loadCorpus(SEVENTH, seventhCorpus)
  await createTenant(db, EIGHTH, 'Reef Marine Electronics')
  await loadCorpus(EIGHTH, eighthCorpus)
  await createTenant(db, NINTH, 'Bay Marine Electronics')
  await loadCorpus(NINTH, ninthCorpus)
  await createTenant(db, TENTH, 'Inlet Marine Electronics')
  await loadCorpus(TENTH, tenthCorpus)
  await createTenant(db, ELEVENTH, 'Sound Marine Electronics')
  await loadCorpus(ELEVENTH, eleventhCorpus)
  await createTenant(db, TWELFTH, 'Strait Marine Electronics')
  await loadCorpus(TWELFTH, twelfthCorpus)
  await createTenant(db, THIRTEENTH, 'Cape Marine Electronics')
  await loadCorpus(THIRTEENTH, thirteenthCorpus)
  await createTenant(db, FOURTEENTH, 'Point Marine Electronics')
  await loadCorpus(FOURTEENTH, fourteenthCorpus)
  await createTenant(db, FIFTEENTH, 'Haven Marine Electronics')
  await loadCorpus(FIFTEENTH, fifteenthCorpus)
  await createTenant(db, SIXTEENTH, 'Shoal Marine Electronics')
  await loadCorpus(SIXTEENTH, everyDocument)
}
/** With `--own`: a new tenant holding the starter packs and the documents the set's questions name. */
async function ownTenant(file: string) {
  const tenant = `own-${file.replace(/\W+/g, '-')}`.slice(0, 40)
  const named = new Set(readCases(file).flatMap((c) => c.docs ?? []))
  await createTenant(db, tenant, `Own documents of ${file}`)
  await loadCorpus(
    tenant,
    everyDocument.filter((doc) => named.has(path.basename(doc))),
  )
  return tenant
}

const pct = (n: number, of: number) => (of === 0 ? 'n/a' : (n / of).toFixed(2))
const latencies: number[] = []
async function timedRetrieve(expert: Expert, question: string, tenant = 'demo') {
  const started = performance.now()
  const retrieval = await retrieve(db, tenant, expert, question, TOP_K)
  latencies.push(performance.now() - started)
  return retrieval
}

/** Whether a passage holds the expected fact (any alternative), whatever its line breaks. */
const flat = (text: string) => text.toLowerCase().replace(/\s+/g, ' ')
const factIn = (fact: string | undefined, text: string) =>
  (fact ?? '').split('|').some((f) => flat(text).includes(flat(f)))

const totals = { answerable: 0, hits: 0, reciprocal: 0, factFound: 0, falseNothing: 0, unanswerable: 0, saidSo: 0 }
async function evaluate(label: string, file: string, corpusTenant = 'demo') {
  const tenant = own ? await ownTenant(file) : corpusTenant
  const cases = readCases(file)
  const latenciesBefore = latencies.length
  let answerable = 0
  let hits = 0
  let pageHits = 0
  let withPage = 0
  let reciprocal = 0
  let factFound = 0
  let falseNothing = 0
  let unanswerable = 0
  let saidSo = 0
  const misses = { given: 0, later: 0, none: 0 }
  for (const c of cases) {
    const retrieval = await timedRetrieve(EXPERT, c.question, tenant)
    const sources = retrieval.sources.slice(0, TOP_K)
    if (evidenceFile) {
      const line = {
        set: file,
        tenancy: own ? 'own' : 'whole',
        answerable: !c.unanswerable,
        evidence: retrieval.evidence,
      }
      fs.appendFileSync(evidenceFile, `${JSON.stringify(line)}\n`)
    }
    if (c.unanswerable) {
      unanswerable++
      if (sources.length === 0) saidSo++
      console.log(
        `${sources.length === 0 ? 'said so' : 'ANSWERED'}  ${c.question}${sources.length ? `  (got ${sources.map((s) => s.fileName).join(', ')})` : ''}`,
      )
      continue
    }
    answerable++
    const rank = sources.findIndex((s) => c.docs?.includes(s.fileName ?? '')) + 1
    if (rank > 0) {
      hits++
      reciprocal += 1 / rank
    }
    if (c.page !== undefined) {
      withPage++
      if (sources.some((s) => c.docs?.includes(s.fileName ?? '') && s.page === c.page)) pageHits++
    }
    if (sources.length === 0) falseNothing++
    const answer = localAnswerLines(EXPERT, retrieval, false).join('\n').toLowerCase()
    const fact = (c.fact ?? '').split('|').some((f) => answer.includes(f.toLowerCase()))
    if (fact) factFound++
    console.log(
      `${rank > 0 ? `#${rank}` : 'miss'} ${fact ? 'fact' : '----'}  ${c.question}${rank === 0 ? `  (wanted ${c.docs?.join(' or ')}, got ${sources.map((s) => s.fileName).join(', ') || 'nothing'})` : ''}`,
    )
    if (verbose && !fact) console.log(answer.replace(/^/gm, '      '))
    if (!fact) {
      // Whose miss it is: the answerer's when a passage it was given holds the fact.
      const holds = retrieval.sources.findIndex((s) => factIn(c.fact, s.text)) + 1
      misses[holds === 0 ? 'none' : holds <= SOURCES_USED ? 'given' : 'later']++
      if (verbose) console.log(`      (fact ${holds === 0 ? 'in no passage' : `in passage ${holds}`})`)
    }
  }
  const counts = { answerable, hits, reciprocal, factFound, falseNothing, unanswerable, saidSo }
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key]
  const times = latencies.slice(latenciesBefore)
  console.log(
    `\n${label} (${answerable} answerable, ${unanswerable} unanswerable): recall@${TOP_K} ${pct(hits, answerable)}, MRR ${pct(reciprocal, answerable)}, page@${TOP_K} ${pct(pageHits, withPage)} (${withPage} with a page), fact in answer ${pct(factFound, answerable)}, false nothing ${pct(falseNothing, answerable)}, unanswerable said so ${pct(saidSo, unanswerable)}, retrieval p50 ${percentile(times, 50).toFixed(1)} ms / p95 ${percentile(times, 95).toFixed(1)} ms\n`,
  )
  if (verbose)
    console.log(
      `  fact not in answer: ${misses.given} in a passage the answerer was given (first ${SOURCES_USED}), ${misses.later} only in a later one, ${misses.none} in no passage retrieved\n`,
    )
}

await evaluate('Real documents', 'questions.json')
await evaluate('Real documents, validation set', 'questions-validation.json')
await evaluate('Real documents, holdout set', 'questions-holdout.json')
await evaluate('Real documents, fresh set', 'questions-fresh.json')
await evaluate('Real documents, unseen set', 'questions-unseen.json')
await evaluate('Real documents, sixth set', 'questions-sixth.json', SIXTH)
await evaluate('Real documents, seventh set', 'questions-seventh.json', SEVENTH)
await evaluate('Real documents, eighth set', 'questions-eighth.json', EIGHTH)
await evaluate('Real documents, ninth set', 'questions-ninth.json', NINTH)
await evaluate('Real documents, tenth set', 'questions-tenth.json', TENTH)
await evaluate('Real documents, eleventh set', 'questions-eleventh.json', ELEVENTH)
await evaluate('Real documents, twelfth set', 'questions-twelfth.json', TWELFTH)
await evaluate('Real documents, thirteenth set', 'questions-thirteenth.json', THIRTEENTH)
await evaluate('Real documents, fourteenth set', 'questions-fourteenth.json', FOURTEENTH)
await evaluate('Real documents, fifteenth set', 'questions-fifteenth.json', FIFTEENTH)
await evaluate('Real documents, sixteenth set', 'questions-sixteenth.json', SIXTEENTH)
console.log(
  `All sets${own ? ', each in its own tenant' : ''} (${totals.answerable} answerable, ${totals.unanswerable} unanswerable): recall@${TOP_K} ${pct(totals.hits, totals.answerable)}, MRR ${pct(totals.reciprocal, totals.answerable)}, fact in answer ${pct(totals.factFound, totals.answerable)}, false nothing ${totals.falseNothing} (${pct(totals.falseNothing, totals.answerable)}), unanswerable said so ${totals.saidSo} (${pct(totals.saidSo, totals.unanswerable)})\n`,
)
if (own) {
  await close()
  process.exit(0)
}

const ASIDES = [
  ' on the Sea Breeze',
  ' for my customer Johnson',
  ' on the boat Wavedancer',
  ' at the Hamble marina',
  // A model no manual names weighs like any unknown word; a bare number (a job number) weighs nothing.
  ' on the DX450',
  ' for job 4471',
  ' serial SN4471A',
  // Vessels of the seeded tenant's cases: their names are left out of a question.
  ' on Sea Otter II',
  ' on the Blue Horizon',
]
const vessels = await caseVessels(db, 'demo')
const answerableCases = ['questions.json', 'questions-validation.json']
  .flatMap(readCases)
  .filter((c) => !c.unanswerable)
const asideFigures: string[] = []
for (const aside of ASIDES) {
  let nothing = 0
  for (const c of answerableCases) {
    const { sources } = await retrieve(db, 'demo', EXPERT, `${c.question.replace(/\?$/, '')}${aside}?`, TOP_K)
    if (sources.length === 0) nothing++
  }
  const known = vessels.some((v) => aside.endsWith(v))
  asideFigures.push(`"${aside.trim()}"${known ? ' (a vessel of the tenant)' : ''} ${nothing}`)
}
console.log(
  `With an aside (${answerableCases.length} answerable questions each), "nothing relevant": ${asideFigures.join(', ')}\n`,
)

const packCases = JSON.parse(fs.readFileSync(path.join(here, 'retrieval-questions.json'), 'utf8')) as PackCase[]
let packHits = 0
let packReciprocal = 0
for (const c of packCases) {
  const { sources } = await timedRetrieve(c.expert, c.question)
  const rank =
    sources.slice(0, TOP_K).findIndex((s) => s.section === c.section || s.section?.endsWith(` › ${c.section}`)) + 1
  if (rank > 0) {
    packHits++
    packReciprocal += 1 / rank
  }
  if (verbose || rank === 0)
    console.log(
      `${rank > 0 ? `#${rank}` : 'miss'}  ${c.expert.padEnd(9)} ${c.question}${rank === 0 ? `  (wanted "${c.section}", got ${sources.map((s) => `"${s.section}"`).join(', ') || 'nothing'})` : ''}`,
    )
}
console.log(
  `Starter packs (${packCases.length} questions): recall@${TOP_K} ${pct(packHits, packCases.length)}, MRR ${pct(packReciprocal, packCases.length)}`,
)
await close()
