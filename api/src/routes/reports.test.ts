import {
  activitySchema,
  lowConfidenceTopicsSchema,
  reportSummarySchema,
  topSearchesSchema,
  trainingSummarySchema,
} from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { daysAgo } from '../lib/time.ts'
import { seededWorld } from '../test/fixtures.ts'
import { send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

let t: TestApp
let w: Awaited<ReturnType<typeof seededWorld>>
const report = async (name: string) =>
  (await send(t, w.cookie('admin@harbor.local'), 'GET', `/api/t/harbor/reports/${name}`)).body

/** Harbor is seeded without questions or training, so each figure here comes from the rows below. */
const ASKED: [query: string, expert: 'seakeeper' | 'furuno', score: number, days: number][] = [
  ['Gyro noise', 'seakeeper', 0.3, 1],
  [' gyro NOISE ', 'seakeeper', 0.4, 2],
  ['Gyro noise', 'seakeeper', 0.2, 3],
  ['Gyro noise', 'seakeeper', 0.3, 9],
  ['AIS missing', 'furuno', 0.9, 2],
  ['AIS missing', 'furuno', 0.8, 8],
  ['AIS missing', 'furuno', 0.7, 10],
  ['Radar tuning', 'furuno', 0.6, 3],
  ['Radar tuning', 'furuno', 0.6, 12],
  ['Old question', 'furuno', 0.1, 40],
]

beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
  await t.db
    .insertInto('query_log')
    .values(
      ASKED.map(([query, expert, score, days], i) => ({
        id: `q${i}`,
        tenant_slug: 'harbor',
        user_id: w.userId('tech@harbor.local'),
        expert,
        query,
        best_score: score,
        created_at: daysAgo(days),
      })),
    )
    .execute()
})

describe('reports are computed from the tenant data', () => {
  it('counts top searches over 30 days with the trend of the last 7 days against the 7 before', async () => {
    expect(topSearchesSchema.parse(await report('top-searches'))).toEqual([
      { query: 'Gyro noise', count: 4, trend: 'up' },
      { query: 'AIS missing', count: 3, trend: 'down' },
      { query: 'Radar tuning', count: 2, trend: 'stable' },
    ])
  })

  it('lists topics whose answers had low confidence, least confident first', async () => {
    expect(lowConfidenceTopicsSchema.parse(await report('low-confidence'))).toEqual([
      { topic: 'Old question', queries: 1, confidence: 0.1 },
      { topic: 'Gyro noise', queries: 4, confidence: 0.3 },
    ])
  })

  it('groups the knowledge gaps by topic: the same content words, whatever the wording', async () => {
    const at = daysAgo(500)
    const asked = ['Noise from the gyro', 'gyro noises?', 'Gyro noise', 'Radar noise', 'gyro noise']
    await t.db
      .insertInto('query_log')
      .values(
        asked.map((query, i) => ({
          id: `topic${i}`,
          tenant_slug: 'demo',
          user_id: w.userId('tech@demo.local'),
          expert: 'seakeeper' as const,
          query,
          best_score: 0.2,
          created_at: at,
        })),
      )
      .execute()
    const day = at.slice(0, 10)
    const res = await send(
      t,
      w.cookie('manager@demo.local'),
      'GET',
      `/api/t/demo/reports/low-confidence?from=${day}&to=${day}`,
    )
    expect(lowConfidenceTopicsSchema.parse(res.body)).toEqual([
      { topic: 'Gyro noise', queries: 4, confidence: 0.2 },
      { topic: 'Radar noise', queries: 1, confidence: 0.2 },
    ])
    await t.db.deleteFrom('query_log').where('id', 'like', 'topic%').execute()
  })

  it('summarises queries per expert, resolution and training completion', async () => {
    expect(reportSummarySchema.parse(await report('summary'))).toEqual({
      totalQueries: 10,
      resolvedPercent: 0,
      trainingCompletionPercent: 0,
      // The seeded harbor cases: one got its first note 8 hours after opening, the other none yet.
      avgResponseMinutes: 480,
      avgResolutionMinutes: null,
      expertUsage: [
        { expert: 'seakeeper', queries: 4 },
        { expert: 'furuno', queries: 6 },
      ],
    })
    await send(t, w.cookie('admin@harbor.local'), 'PUT', `/api/t/harbor/cases/${w.harborCase}`, { status: 'Resolved' })
    const summary = reportSummarySchema.parse(await report('summary'))
    expect(summary.resolvedPercent).toBe(50)
    // The seeded harbor case opened three days ago.
    expect(summary.avgResolutionMinutes).toBeGreaterThanOrEqual(3 * 24 * 60 - 1)
    expect(summary.avgResolutionMinutes).toBeLessThanOrEqual(3 * 24 * 60 + 1)
    // Resolving it was its first response: the average is now of 8 hours and 3 days.
    expect(summary.avgResponseMinutes).toBeGreaterThanOrEqual((480 + 3 * 24 * 60 - 1) / 2)
    expect(summary.avgResponseMinutes).toBeLessThanOrEqual((480 + 3 * 24 * 60 + 1) / 2)
  })

  it('reports completion and average score per training set', async () => {
    expect(await report('training-summary')).toEqual([])
    const set = (
      await send(t, w.cookie('admin@harbor.local'), 'POST', '/api/t/harbor/training/build', {
        title: 'AIS basics',
        expert: 'furuno',
      })
    ).body
    const ids = [w.userId('tech@harbor.local'), w.userId('admin@harbor.local')]
    const assigned = (
      await send(t, w.cookie('admin@harbor.local'), 'POST', '/api/t/harbor/training/assign', {
        setId: set.id,
        assignedToIds: ids,
      })
    ).body
    await t.db
      .updateTable('training_assignments')
      .set({ completed: 1, score: 90 })
      .where('id', '=', assigned[0].id)
      .execute()
    expect(trainingSummarySchema.parse(await report('training-summary'))).toEqual([
      { module: 'AIS basics', completion: 50, avgScore: 90 },
    ])
    expect(reportSummarySchema.parse(await report('summary')).trainingCompletionPercent).toBe(50)
  })

  it('gives the seeded demo real figures', async () => {
    const summary = reportSummarySchema.parse(
      (await send(t, w.cookie('manager@demo.local'), 'GET', '/api/t/demo/reports/summary')).body,
    )
    expect(summary.totalQueries).toBe(40)
    expect(summary.resolvedPercent).toBeGreaterThan(0)
    expect(summary.avgResolutionMinutes).toBeGreaterThan(0)
    const top = topSearchesSchema.parse(
      (await send(t, w.cookie('manager@demo.local'), 'GET', '/api/t/demo/reports/top-searches')).body,
    )
    expect(new Set(top.map((s) => s.trend))).toEqual(new Set(['up', 'down', 'stable']))
  })

  it('narrows every report to a range of days, and counts questions per day and expert', async () => {
    const day = (days: number) => daysAgo(days).slice(0, 10)
    const range = `?from=${day(3)}&to=${day(1)}`
    const summary = reportSummarySchema.parse(await report(`summary${range}`))
    expect(summary.expertUsage).toEqual([
      { expert: 'seakeeper', queries: 3 },
      { expert: 'furuno', queries: 2 },
    ])
    const top = topSearchesSchema.parse(await report(`top-searches${range}`))
    expect(top.map((r) => [r.query, r.count])).toEqual([
      ['Gyro noise', 3],
      ['AIS missing', 1],
      ['Radar tuning', 1],
    ])
    const old = lowConfidenceTopicsSchema.parse(await report(`low-confidence?to=${day(30)}`))
    expect(old.map((r) => r.topic)).toEqual(['Old question'])
    const activity = activitySchema.parse(await report(`activity${range}`))
    expect(activity).toEqual([
      { day: day(3), seakeeper: 1, furuno: 1 },
      { day: day(2), seakeeper: 1, furuno: 1 },
      { day: day(1), seakeeper: 1, furuno: 0 },
    ])
    expect(activitySchema.parse(await report('activity'))).toHaveLength(30)
  })

  it('refuses a range that is not two dates in order', async () => {
    for (const query of ['?from=yesterday', '?from=2026-02-10&to=2026-02-01', '?to=2026-13-45x']) {
      const res = await send(t, w.cookie('admin@harbor.local'), 'GET', `/api/t/harbor/reports/summary${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.error.code).toBe('invalid_input')
    }
  })
})
