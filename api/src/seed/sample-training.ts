import { type Expert, type Role, SAMPLE_QUESTIONS, type TrainingQuestion } from '@mw/sync-protocol'
import type { SeedPerson } from './sample-cases.ts'

export interface SampleTrainingSet {
  key: string
  title: string
  description: string
  expert: Expert
  daysAgo: number
  questions: TrainingQuestion[]
}

const mcq = (question: string, options: string[], correct: number, explanation: string): TrainingQuestion => ({
  type: 'mcq',
  question,
  options,
  correct,
  explanation,
})

export const SAMPLE_TRAINING_SETS: SampleTrainingSet[] = [
  {
    key: 'gyro',
    title: 'Gyro stabilizer fundamentals',
    description: 'Spool-up, cooling and safe service practice for gyro stabilizers.',
    expert: 'seakeeper',
    daysAgo: 18,
    questions: [
      ...SAMPLE_QUESTIONS.seakeeper,
      mcq(
        'A seawater flow alarm appears after the boat has been at anchor for a while. What is the most likely cause?',
        [
          'A blocked intake or strainer',
          'A flat house battery',
          'A loose display cable',
          'Low hydraulic steering fluid',
        ],
        0,
        'Debris collects at the intake while the boat sits still; check the thru-hull and strainer first.',
      ),
      mcq(
        'When may you work on the brake / damping cylinders?',
        [
          'Only after the flywheel has stopped and the gimbal is locked',
          'While the gyro is spooling down',
          'Any time the display is off',
          'Only under way',
        ],
        0,
        'A turning flywheel stores energy and can move the enclosure suddenly; stop it and lock the gimbal first.',
      ),
    ],
  },
  {
    key: 'n2k',
    title: 'NMEA 2000 network basics',
    description: 'Backbone, termination and power for NMEA 2000 networks.',
    expert: 'furuno',
    daysAgo: 14,
    questions: [
      ...SAMPLE_QUESTIONS.furuno,
      mcq(
        'With network power off, what resistance between CAN-H and CAN-L shows correct termination?',
        ['About 60 ohms', 'About 120 ohms', 'About 40 ohms', 'Open circuit'],
        0,
        'Two 120-ohm terminators in parallel read about 60 ohms; 120 means one is missing, 40 means one too many.',
      ),
      mcq(
        'Devices drop off the network only while the engines crank. What do you check first?',
        [
          'Backbone supply voltage during cranking',
          'Chart card version',
          'Radar antenna height',
          'GPS antenna cable length',
        ],
        0,
        'Cranking pulls the supply down; devices reset if the backbone voltage falls below their minimum.',
      ),
    ],
  },
  {
    key: 'radar',
    title: 'Radar and chart plotter integration',
    description: 'Getting radar overlay and target data onto a networked chart plotter.',
    expert: 'furuno',
    daysAgo: 6,
    questions: [
      mcq(
        'The radar works on its own display but the overlay is missing on the plotter after a switch was replaced. Where do you look first?',
        [
          'The network switch settings and device discovery',
          'The radar magnetron',
          'The chart card',
          'The autopilot calibration',
        ],
        0,
        'The radar itself works, so the fault lies between the units: switch, cabling or addressing.',
      ),
      mcq(
        'What must match between the radar and the plotter for the overlay to line up with the chart?',
        ['Heading input and its calibration', 'Screen brightness', 'Display language', 'Alarm volume'],
        0,
        'Overlay needs a correct heading; a badly calibrated heading sensor rotates the radar picture against the chart.',
      ),
    ],
  },
]

export interface SampleAssignment {
  set: string
  to: { role: Role } | { person: SeedPerson }
  daysAgo: number
  /** Percent, for completed assignments. */
  score: number | null
}

export const SAMPLE_ASSIGNMENTS: SampleAssignment[] = [
  { set: 'gyro', to: { role: 'Technician' }, daysAgo: 17, score: null },
  { set: 'gyro', to: { person: 'tech' }, daysAgo: 17, score: 80 },
  { set: 'n2k', to: { person: 'tech' }, daysAgo: 13, score: 75 },
  { set: 'n2k', to: { person: 'manager' }, daysAgo: 13, score: 100 },
  { set: 'radar', to: { role: 'Technician' }, daysAgo: 5, score: null },
  { set: 'radar', to: { person: 'tech' }, daysAgo: 5, score: null },
]
