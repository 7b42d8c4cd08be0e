/**
 * The report figures, computed from the tenant's own data: searches and answer confidence from
 * query_log, resolution from cases and their status history, training from assignments.
 */
import {
  type ActivityDay,
  EXPERTS,
  type LowConfidenceTopic,
  type ReportRange,
  type ReportSummary,
  type TopSearch,
  type TrainingSummaryRow,
} from '@mw/sync-protocol'
import { searchTerms, stem } from '@mw/sync-protocol/retrieval'
import { sql } from 'kysely'
import { daysAgo } from '../../lib/time.ts'
import { type Db, isPostgres } from '../database.ts'
import { assignmentProgress } from './training-attempts.ts'

/** Answers whose best passage scored below this are low-confidence. */
export const LOW_CONFIDENCE_BELOW = 0.5
const REPORT_ROWS = 10
/** Top searches count the last 30 days; the trend compares the last 7 days with the 7 before. */
const TOP_SEARCH_DAYS = 30

/** A range of whole UTC days as [start, end) timestamps; an open side is unbounded. */
function bounds(range: ReportRange): { start: string; end: string } {
  const end = range.to ? new Date(Date.parse(`${range.to}T00:00:00.000Z`) + 86_400_000).toISOString() : '9999'
  return { start: range.from ? `${range.from}T00:00:00.000Z` : '', end }
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100))
const normalizedQuery = sql<string>`lower(trim(query))`
/**
 * The group's latest wording. With exactly one max() in a grouped SQLite query, a bare column
 * comes from that row; PostgreSQL says it outright.
 */
const latestWording = (db: Db) =>
  isPostgres(db) ? sql<string>`(array_agg(trim(query) ORDER BY created_at DESC))[1]` : sql<string>`trim(query)`
const lastAsked = sql<string>`max(created_at)`

/** Without a range, the last 30 days; the trend compares the range's last 7 days with the 7 before. */
export async function topSearches(
  db: Db,
  tenant: string,
  range: ReportRange = {},
  now = Date.now(),
): Promise<TopSearch[]> {
  const at = range.to ? Math.min(now, Date.parse(bounds(range).end)) : now
  const { start, end } = range.from || range.to ? bounds(range) : { start: daysAgo(TOP_SEARCH_DAYS, at), end: '9999' }
  const week = daysAgo(7, at)
  const fortnight = daysAgo(14, at)
  const rows = await db
    .selectFrom('query_log')
    .select([
      latestWording(db).as('query'),
      lastAsked.as('lastAsked'),
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(case when created_at >= ${week} then 1 else 0 end)`.as('lastWeek'),
      sql<number>`sum(case when created_at >= ${fortnight} and created_at < ${week} then 1 else 0 end)`.as(
        'weekBefore',
      ),
    ])
    .where('tenant_slug', '=', tenant)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(normalizedQuery)
    .orderBy('count', 'desc')
    .orderBy('query')
    .limit(REPORT_ROWS)
    .execute()
  return rows.map((r) => ({
    query: r.query,
    count: Number(r.count),
    trend: r.lastWeek > r.weekBefore ? 'up' : r.lastWeek < r.weekBefore ? 'down' : 'stable',
  }))
}

/**
 * The knowledge-gap report: questions grouped by topic (the same content words, "noise from the
 * gyro" with "Gyro noises?"), named by their most asked wording, whose answers' best passages
 * scored low on average, or that someone marked not helpful (logged with score 0).
 */
export async function lowConfidenceTopics(
  db: Db,
  tenant: string,
  range: ReportRange = {},
): Promise<LowConfidenceTopic[]> {
  const { start, end } = bounds(range)
  const rows = await db
    .selectFrom('query_log')
    .select([
      latestWording(db).as('wording'),
      lastAsked.as('lastAsked'),
      sql<number>`count(*)`.as('queries'),
      sql<number>`sum(best_score)`.as('scoreSum'),
    ])
    .where('tenant_slug', '=', tenant)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(normalizedQuery)
    .orderBy('queries', 'desc')
    .limit(TOPIC_SOURCE_ROWS)
    .execute()
  const topics = new Map<string, { topic: string; top: number; queries: number; scoreSum: number }>()
  for (const r of rows) {
    const key = topicKey(r.wording)
    const t = topics.get(key) ?? { topic: r.wording, top: 0, queries: 0, scoreSum: 0 }
    if (Number(r.queries) > t.top) Object.assign(t, { topic: r.wording, top: Number(r.queries) })
    t.queries += Number(r.queries)
    t.scoreSum += Number(r.scoreSum)
    topics.set(key, t)
  }
  return [...topics.values()]
    .map((t) => ({ topic: t.topic, queries: t.queries, confidence: t.scoreSum / t.queries }))
    .filter((t) => t.confidence < LOW_CONFIDENCE_BELOW)
    .sort((a, b) => a.confidence - b.confidence || b.queries - a.queries)
    .slice(0, REPORT_ROWS)
    .map((t) => ({ ...t, confidence: Math.min(1, Math.max(0, Math.round(t.confidence * 100) / 100)) }))
}

/** The most-asked distinct questions the topic grouping reads. */
const TOPIC_SOURCE_ROWS = 2000
const topicKey = (question: string) =>
  [...new Set(searchTerms(question).map((w) => stem(w.replace(/s$/u, ''))))].sort().join(' ') ||
  question.trim().toLowerCase()

/** The assignments made in the range, with their set's title, oldest set first. */
const assignmentsIn = (db: Db, tenant: string, start: string, end: string) =>
  db
    .selectFrom('training_assignments as a')
    .innerJoin('training_sets as s', 's.id', 'a.set_id')
    .selectAll('a')
    .select(['s.title as module', 's.created_at as set_created_at'])
    .where('a.tenant_slug', '=', tenant)
    .where('a.created_at', '>=', start)
    .where('a.created_at', '<', end)
    .orderBy('s.created_at')
    .execute()

/**
 * One row per training set with assignments, counted per person covered (a role assignment counts
 * each member): the share who completed it, and their best scores' mean.
 */
export async function trainingSummary(db: Db, tenant: string, range: ReportRange = {}): Promise<TrainingSummaryRow[]> {
  const { start, end } = bounds(range)
  const rows = await assignmentsIn(db, tenant, start, end)
  const progress = await assignmentProgress(db, tenant, rows)
  const bySet = new Map<string, { module: string; assigned: number; scores: number[] }>()
  for (const row of rows) {
    const p = progress.get(row.id)
    const entry = bySet.get(row.set_id) ?? { module: row.module, assigned: 0, scores: [] }
    entry.assigned += p?.assigned ?? 0
    entry.scores.push(...(p?.scores ?? []))
    bySet.set(row.set_id, entry)
  }
  return [...bySet.values()].map((s) => ({
    module: s.module,
    completion: percent(s.scores.length, s.assigned),
    avgScore: Math.round(s.scores.length ? s.scores.reduce((a, b) => a + b, 0) / s.scores.length : 0),
  }))
}

/** Questions and training in the range; cases opened in it. */
export async function reportSummary(db: Db, tenant: string, range: ReportRange = {}): Promise<ReportSummary> {
  const { start, end } = bounds(range)
  const usage = await db
    .selectFrom('query_log')
    .select(['expert', sql<number>`count(*)`.as('queries')])
    .where('tenant_slug', '=', tenant)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('expert')
    .execute()
  const cases = await db
    .selectFrom('cases')
    .select(['id', 'status', 'created_at'])
    .where('tenant_slug', '=', tenant)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .execute()
  const progress = [...(await assignmentProgress(db, tenant, await assignmentsIn(db, tenant, start, end))).values()]
  const assignments = {
    total: progress.reduce((n, p) => n + p.assigned, 0),
    completed: progress.reduce((n, p) => n + p.completed, 0),
  }
  const resolved = cases.filter((c) => c.status === 'Resolved')
  const expertUsage = EXPERTS.map((expert) => ({
    expert,
    queries: Number(usage.find((u) => u.expert === expert)?.queries ?? 0),
  }))
  return {
    totalQueries: expertUsage.reduce((sum, u) => sum + u.queries, 0),
    resolvedPercent: percent(resolved.length, cases.length),
    trainingCompletionPercent: percent(Number(assignments.completed), Number(assignments.total)),
    avgResponseMinutes: await averageResponseMinutes(db, tenant, start, end),
    avgResolutionMinutes: await medianResolutionMinutes(db, tenant, resolved),
    expertUsage,
  }
}

/** Average of (first note or status change - opening) over the cases that have had one. */
async function averageResponseMinutes(db: Db, tenant: string, start: string, end: string) {
  const rows = await db
    .selectFrom('cases')
    .innerJoin('case_events', 'case_events.case_id', 'cases.id')
    .select(['cases.created_at as opened', sql<string>`min(case_events.created_at)`.as('answered')])
    .where('cases.tenant_slug', '=', tenant)
    .where('cases.created_at', '>=', start)
    .where('cases.created_at', '<', end)
    .where('case_events.kind', 'in', ['note', 'status'])
    .groupBy('cases.id')
    .execute()
  if (rows.length === 0) return null
  const total = rows.reduce((sum, r) => sum + Math.max(0, Date.parse(r.answered) - Date.parse(r.opened)), 0)
  return Math.round((total / rows.length / 60_000) * 10) / 10
}

/** Median of (last move to Resolved - opening) over the resolved cases. */
async function medianResolutionMinutes(db: Db, tenant: string, resolved: { id: string; created_at: string }[]) {
  if (resolved.length === 0) return null
  const events = await db
    .selectFrom('case_events')
    .select(['case_id', 'data_json', 'created_at'])
    .where('tenant_slug', '=', tenant)
    .where('kind', '=', 'status')
    .orderBy('created_at')
    .execute()
  const resolvedAt = new Map<string, string>()
  for (const e of events) {
    if ((JSON.parse(e.data_json) as { to?: string }).to === 'Resolved') resolvedAt.set(e.case_id, e.created_at)
  }
  const minutes = resolved
    .flatMap((c) => {
      const end = resolvedAt.get(c.id)
      return end ? [(Date.parse(end) - Date.parse(c.created_at)) / 60_000] : []
    })
    .sort((a, b) => a - b)
  if (minutes.length === 0) return null
  const mid = Math.floor(minutes.length / 2)
  const median =
    minutes.length % 2 ? (minutes[mid] as number) : ((minutes[mid - 1] as number) + (minutes[mid] as number)) / 2
  return Math.round(median)
}

const MAX_ACTIVITY_DAYS = 366

/** Questions per UTC day and expert; without a range, the last 30 days. Days without questions count 0. */
export async function activity(
  db: Db,
  tenant: string,
  range: ReportRange = {},
  now = Date.now(),
): Promise<ActivityDay[]> {
  const lastDay = range.to ?? new Date(now).toISOString().slice(0, 10)
  const firstDay = range.from ?? daysAgo(TOP_SEARCH_DAYS - 1, Date.parse(`${lastDay}T00:00:00.000Z`)).slice(0, 10)
  const days: string[] = []
  for (let t = Date.parse(`${firstDay}T00:00:00.000Z`); days.length < MAX_ACTIVITY_DAYS; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10)
    if (day > lastDay) break
    days.push(day)
  }
  const { start, end } = bounds({ from: days[0] ?? firstDay, to: days.at(-1) ?? lastDay })
  const rows = await db
    .selectFrom('query_log')
    .select([sql<string>`substr(created_at, 1, 10)`.as('day'), 'expert', sql<number>`count(*)`.as('n')])
    .where('tenant_slug', '=', tenant)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([sql`substr(created_at, 1, 10)`, 'expert'])
    .execute()
  const count = (day: string, expert: string) => Number(rows.find((r) => r.day === day && r.expert === expert)?.n ?? 0)
  return days.map((day) => ({ day, seakeeper: count(day, 'seakeeper'), furuno: count(day, 'furuno') }))
}
