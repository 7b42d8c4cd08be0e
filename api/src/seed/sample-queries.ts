import type { Expert } from '@mw/sync-protocol'

/**
 * Questions asked of the experts, for the reports: each with the best retrieval score its answer
 * got and the days ago it was asked (more recent days for rising topics, older for falling ones).
 */
export interface SampleQuery {
  query: string
  expert: Expert
  score: number
  daysAgo: number[]
}

export const SAMPLE_QUERIES: SampleQuery[] = [
  { query: 'Gyro slow to spool up', expert: 'seakeeper', score: 0.82, daysAgo: [1, 2, 3, 4, 5, 6, 9, 12] },
  { query: 'Seawater flow alarm', expert: 'seakeeper', score: 0.79, daysAgo: [3, 8, 9, 10, 11, 16, 18] },
  { query: 'NMEA 2000 termination check', expert: 'furuno', score: 0.88, daysAgo: [1, 2, 5, 8, 13, 20] },
  { query: 'Radar overlay missing on plotter', expert: 'furuno', score: 0.68, daysAgo: [0, 1, 1, 2] },
  { query: 'Knocking noise from gyro enclosure', expert: 'seakeeper', score: 0.41, daysAgo: [2, 3, 10] },
  { query: 'Autopilot heading drift', expert: 'furuno', score: 0.63, daysAgo: [9, 11, 19, 20] },
  { query: 'Brake cylinder service interval', expert: 'seakeeper', score: 0.37, daysAgo: [4, 12, 15] },
  { query: 'AIS targets missing on chart plotter', expert: 'furuno', score: 0.44, daysAgo: [6, 13] },
  { query: 'Gyro vibration at low speed', expert: 'seakeeper', score: 0.29, daysAgo: [7, 17] },
  { query: 'Sonar interference from depth sounder', expert: 'furuno', score: 0.33, daysAgo: [5] },
]
