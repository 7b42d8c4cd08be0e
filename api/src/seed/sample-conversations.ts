import type { Expert, Source } from '@mw/sync-protocol'
import type { SeedPerson } from './sample-cases.ts'

export interface SampleConversation {
  agentId: Expert
  title: string
  daysAgo: number
  /** Question and answer pairs; answers are stored HTML with the passages they drew on. */
  exchanges: { question: string; answer: string; sources: Source[] }[]
}

const source = (id: string, title: string, section: string, page: number, text: string, score: number): Source => ({
  id,
  title,
  section,
  page,
  text,
  score,
})

const SPOOL_UP: SampleConversation = {
  agentId: 'seakeeper',
  title: 'Slow spool-up after relaunch',
  daysAgo: 5,
  exchanges: [
    {
      question:
        'The gyro takes much longer than usual to spool up after the boat was relaunched. What should I check first?',
      answer:
        "<p>Compare the spool-up time with the figure in the unit's installation manual, then work through the usual causes:</p><ul><li><strong>Supply voltage under load</strong>: measure at the controller while the motor is drawing current, not at idle.</li><li><strong>Cooling</strong>: after a haul-out the seawater circuit is often air-locked; bleed it and confirm flow.</li><li><strong>Temperature</strong>: a hot drive enclosure reduces motor power.</li></ul><p>If all three are normal, record the speed readings over time and open a case.</p>",
      sources: [
        source(
          'kb-sk-startup-1',
          'Gyro stabilizer operation guide',
          'Start-up and spool-up',
          12,
          'The flywheel must reach operating speed before the stabilizer produces useful torque. Spool-up time depends on supply voltage and temperature.',
          0.84,
        ),
        source(
          'kb-sk-cooling-2',
          'Gyro stabilizer service notes',
          'Seawater cooling',
          31,
          'After the vessel is relaunched, bleed air from the seawater cooling circuit before starting the stabilizer.',
          0.77,
        ),
      ],
    },
  ],
}

const FLOW_ALARM: SampleConversation = {
  agentId: 'seakeeper',
  title: 'Seawater flow alarm at anchor',
  daysAgo: 16,
  exchanges: [
    {
      question: 'What should I check when the seawater flow alarm comes on at anchor?',
      answer:
        '<p>Treat it as a cooling problem until proven otherwise:</p><ol><li>Check the intake thru-hull and strainer for weed, bags or growth.</li><li>Confirm the pump runs and the hoses are not collapsed or kinked.</li><li>Look for air leaks on the suction side that let the pump lose prime.</li></ol><p>At anchor the boat sits still, so debris collects at the intake more easily than under way.</p>',
      sources: [
        source(
          'kb-sk-cooling-1',
          'Gyro stabilizer service notes',
          'Seawater cooling',
          30,
          'A low-flow alarm indicates the cooling water flow fell below the minimum. Inspect the intake, strainer and pump before restarting.',
          0.81,
        ),
      ],
    },
    {
      question: 'The strainer looks clean. Anything else?',
      answer:
        '<p>Check the thru-hull itself from outside or with a diver: debris can block the intake without reaching the strainer. Then check the hose from the strainer to the pump for a soft section that collapses under suction.</p>',
      sources: [
        source(
          'kb-sk-cooling-3',
          'Gyro stabilizer service notes',
          'Troubleshooting low flow',
          33,
          'A partially blocked intake may pass enough water at start-up and fail after the pump has run for some time.',
          0.69,
        ),
      ],
    },
  ],
}

const LOCKING: SampleConversation = {
  agentId: 'seakeeper',
  title: 'Locking the gyro before maintenance',
  daysAgo: 9,
  exchanges: [
    {
      question: 'Do I need to lock the gyro before working on the brake cylinders?',
      answer:
        '<p>Yes. Stop the stabilizer, wait until the flywheel has fully spun down, and lock the gimbal as the service manual describes before touching the brake / damping cylinders. A spinning flywheel stores a lot of energy and can move the enclosure suddenly.</p>',
      sources: [
        source(
          'kb-sk-safety-1',
          'Gyro stabilizer service notes',
          'Safety before service',
          4,
          'Never work on the gimbal, brake or damping components while the flywheel is turning. Lock the gimbal before service.',
          0.88,
        ),
      ],
    },
  ],
}

const TERMINATION: SampleConversation = {
  agentId: 'furuno',
  title: 'Checking NMEA 2000 termination',
  daysAgo: 8,
  exchanges: [
    {
      question: 'How do I check that an NMEA 2000 backbone is terminated correctly?',
      answer:
        '<p>With network power <strong>off</strong>, measure the resistance between CAN-H and CAN-L at any tee:</p><ul><li>About 60 ohms: two terminators, correct.</li><li>About 120 ohms: one terminator is missing.</li><li>About 40 ohms or less: an extra terminator is fitted somewhere.</li></ul><p>Also check that the network supply stays above the minimum voltage at the far end of the backbone while engines crank.</p>',
      sources: [
        source(
          'kb-fu-n2k-1',
          'NMEA 2000 installation guide',
          'Backbone and terminators',
          7,
          'Each end of the backbone requires a 120-ohm terminator. With power removed, the resistance between the data lines should read about 60 ohms.',
          0.9,
        ),
        source(
          'kb-fu-n2k-2',
          'NMEA 2000 installation guide',
          'Network power',
          11,
          'Voltage drop along the backbone must be calculated; devices at the far end must still receive the minimum supply voltage.',
          0.74,
        ),
      ],
    },
  ],
}

const RADAR_OVERLAY: SampleConversation = {
  agentId: 'furuno',
  title: 'Radar overlay missing on the plotter',
  daysAgo: 1,
  exchanges: [
    {
      question:
        'Radar overlay disappeared from the chart plotter after we replaced the network switch. Radar works on its own display.',
      answer:
        "<p>The radar is fine, so look at the network between the units:</p><ol><li>Confirm both units are on the same network segment and addressing scheme the installation guide specifies.</li><li>Check the new switch for features that block device discovery (for example multicast filtering) and compare its settings with the old switch.</li><li>Check the plotter's list of detected network devices; if the radar is missing, the problem is the switch or cabling.</li></ol>",
      sources: [
        source(
          'kb-fu-net-1',
          'Marine electronics network guide',
          'Ethernet networking',
          22,
          'Navigation units discover each other on the Ethernet network; a switch that filters multicast traffic can prevent radar sharing.',
          0.72,
        ),
      ],
    },
  ],
}

export const SAMPLE_CONVERSATIONS = [SPOOL_UP, FLOW_ALARM, LOCKING, TERMINATION, RADAR_OVERLAY]

/** Which sample conversations each seeded demo user owns (each user gets their own copies). */
export const CONVERSATIONS_BY_PERSON: Record<SeedPerson, SampleConversation[]> = {
  admin: [SPOOL_UP, TERMINATION, LOCKING],
  manager: [FLOW_ALARM, RADAR_OVERLAY, TERMINATION],
  tech: [SPOOL_UP, FLOW_ALARM, TERMINATION, RADAR_OVERLAY],
}
