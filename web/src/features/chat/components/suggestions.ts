import type { Expert } from '@mw/sync-protocol'

/** Per expert: 4 long suggestions for desktop, 3 short ones for phones (docs/PRODUCT.md, Screens). */
export const SUGGESTIONS: Record<Expert, { long: string[]; short: string[] }> = {
  seakeeper: {
    long: [
      'The stabilizer will not spool up after the boat was relaunched. What should I check first?',
      'How do I tell whether the precession brake damping is too soft or too stiff?',
      'What routine service does the cooling loop and the bearings need, and how often?',
      'What should I do to the gyro stabilizer before a haul-out and during lay-up?',
    ],
    short: ['Will not spool up', 'Brake damping too soft', 'Cooling loop service'],
  },
  furuno: {
    long: [
      'The radar overlay is missing on the chart plotter. How do I check the heading input?',
      'How do I check an NMEA 2000 backbone for termination and power problems?',
      'The echo sounder shows a wrong depth after a haul-out. How do I set the depth offset?',
      'The autopilot drifts off heading. Which sensor and interfacing checks should I make?',
    ],
    short: ['Radar overlay missing', 'Check NMEA 2000 backbone', 'Autopilot drifts off heading'],
  },
}

export const EXPERT_TAGLINES: Record<Expert, string> = {
  seakeeper: 'Gyro stabilizer installation, alarms, service and troubleshooting.',
  furuno: 'Radar, sonar, GPS, autopilot and NMEA networks.',
}
