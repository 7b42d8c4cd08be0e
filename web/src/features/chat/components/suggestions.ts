import type { Expert } from '@mw/sync-protocol'

/** Per expert: 4 long suggestions for desktop, 3 short ones for phones (SPEC.md §2). */
export const SUGGESTIONS: Record<Expert, { long: string[]; short: string[] }> = {
  seakeeper: {
    long: [
      'The Seakeeper shows a low oil pressure alarm shortly after spool-up. What should I check first?',
      'How do I inspect and replace the brake cylinder hoses on a Seakeeper 6?',
      'The gyro takes much longer than usual to reach operating speed. What are the likely causes?',
      'What is the recommended annual service checklist for a Seakeeper stabilizer?',
    ],
    short: ['Low oil pressure alarm', 'Slow spool-up causes', 'Annual service checklist'],
  },
  furuno: {
    long: [
      'The Furuno radar shows no echoes although the antenna is rotating. How do I troubleshoot it?',
      'How do I check an NMEA 2000 backbone for termination and power problems?',
      'The GPS position on the multifunction display keeps dropping out. What should I check?',
      'How do I set up a Furuno fish finder transducer for the best bottom tracking?',
    ],
    short: ['Radar shows no echoes', 'Check NMEA 2000 backbone', 'GPS position drops out'],
  },
}

export const EXPERT_TAGLINES: Record<Expert, string> = {
  seakeeper: 'Gyro stabilizer installation, alarms, service and troubleshooting.',
  furuno: 'Radar, sonar, GPS, autopilot and NMEA networks.',
}
