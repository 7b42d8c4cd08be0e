import type { CaseStatus, EquipmentUnit, Expert } from '@mw/sync-protocol'

/** Who a seeded row belongs to, by the part of the seeded e-mail before the @. */
export type SeedPerson = 'admin' | 'manager' | 'tech'

export interface SampleCase {
  title: string
  description: string
  expert: Expert
  tags: string[]
  createdBy: SeedPerson
  assignedTo: SeedPerson | null
  openedDaysAgo: number
  /** Status changes after opening, in hours from opening; the last one is the current status. */
  statusChanges: { afterHours: number; to: CaseStatus }[]
  notes: { afterHours: number; text: string }[]
  vessel?: string
  equipment?: EquipmentUnit[]
}

export const DEMO_CASES: SampleCase[] = [
  {
    title: 'Gyro will not reach operating speed after haul-out',
    vessel: 'Blue Horizon',
    equipment: [{ make: 'Seakeeper', model: 'Seakeeper 9', serial: 'SK9-2204117', hours: 1840, firmware: '' }],
    description:
      'Owner reports the stabilizer stays in spool-up far longer than usual after the boat was relaunched. Speed climbs slowly, then stalls. Shore power was off for three weeks during the haul-out.',
    expert: 'seakeeper',
    tags: ['spool-up', 'cooling', 'haul-out'],
    createdBy: 'tech',
    assignedTo: null,
    openedDaysAgo: 5,
    statusChanges: [{ afterHours: 3, to: 'In-Progress' }],
    notes: [
      {
        afterHours: 3,
        text: 'Supply voltage at the controller is within the installation limits under load. Drive enclosure warm, not hot.',
      },
      {
        afterHours: 27,
        text: 'Seawater cooling circuit was air-locked after relaunch. Bled the pump and hoses; speed now rises normally. Keeping the case open until a full sea trial.',
      },
    ],
  },
  {
    title: 'Knocking noise at the ends of precession travel in beam seas',
    description:
      'Owner hears a knock from the stabilizer compartment when the gyro swings to the ends of its travel in beam seas. Started after a season of heavy use. Inspect the brake / damping cylinders, the end-stop hardware and the mounting bolt torque.',
    expert: 'seakeeper',
    tags: ['noise', 'precession', 'inspection'],
    createdBy: 'manager',
    assignedTo: 'tech',
    openedDaysAgo: 2,
    statusChanges: [],
    notes: [],
  },
  {
    title: 'Seawater flow alarm after 40 minutes at anchor',
    vessel: 'Sea Otter II',
    equipment: [{ make: 'Seakeeper', model: 'Seakeeper 6', serial: 'SK6-1908342', hours: 2650, firmware: '' }],
    description:
      'Flow alarm on the stabilizer display after about 40 minutes at anchor with the generator running. The strainer looked clean from the top.',
    expert: 'seakeeper',
    tags: ['cooling', 'alarm'],
    createdBy: 'tech',
    assignedTo: null,
    openedDaysAgo: 16,
    statusChanges: [
      { afterHours: 2, to: 'In-Progress' },
      { afterHours: 26, to: 'Resolved' },
    ],
    notes: [
      {
        afterHours: 25,
        text: 'A plastic bag was partly blocking the thru-hull intake. Cleared it; flow normal and no alarm over a three-hour run.',
      },
    ],
  },
  {
    title: 'Annual service: anodes, cooling hoses and bearing check',
    description:
      'Scheduled annual service on the stabilizer: replace the cooling-circuit anodes, inspect hoses and clamps, check the gimbal bearings for play and noise, update the service log.',
    expert: 'seakeeper',
    tags: ['service', 'maintenance'],
    createdBy: 'admin',
    assignedTo: 'tech',
    openedDaysAgo: 12,
    statusChanges: [
      { afterHours: 20, to: 'In-Progress' },
      { afterHours: 30, to: 'Resolved' },
    ],
    notes: [
      {
        afterHours: 29,
        text: 'Anodes about half consumed, replaced. One hose clamp corroded, replaced. No bearing play found.',
      },
    ],
  },
  {
    title: 'Radar overlay missing on the chart plotter after a network change',
    vessel: 'Northern Light',
    equipment: [
      { make: 'Furuno', model: 'DRS4D-NXT', serial: '6421-0087', hours: null, firmware: '' },
      { make: 'Furuno', model: 'TZT16F', serial: '5133-2290', hours: null, firmware: 'v7.01' },
    ],
    description:
      'Since a new network switch was fitted, the chart plotter no longer shows the radar overlay; the radar picture on its own display still works. Suspect IP addressing or a switch setting.',
    expert: 'furuno',
    tags: ['radar', 'network', 'chart plotter'],
    createdBy: 'tech',
    assignedTo: null,
    openedDaysAgo: 1,
    statusChanges: [],
    notes: [],
  },
  {
    title: 'NMEA 2000 devices drop offline when the engines start',
    vessel: 'Marlin Run',
    equipment: [{ make: 'Furuno', model: 'NavNet TZtouch3', serial: '5602-1174', hours: null, firmware: '' }],
    description:
      'Depth, wind and heading disappear from the network for a few seconds at every engine start. The backbone is powered from the house bank.',
    expert: 'furuno',
    tags: ['NMEA 2000', 'power'],
    createdBy: 'manager',
    assignedTo: 'tech',
    openedDaysAgo: 8,
    statusChanges: [{ afterHours: 5, to: 'In-Progress' }],
    notes: [
      {
        afterHours: 6,
        text: 'Backbone voltage at the far end sags below 9 V while cranking. Plan: feed network power from a supply that holds up during cranking, and check both terminators.',
      },
    ],
  },
  {
    title: 'Autopilot heading wanders after the heading sensor was moved',
    description:
      'The heading sensor was moved during a refit; since then the autopilot wanders several degrees either side of a straight course.',
    expert: 'furuno',
    tags: ['autopilot', 'heading', 'calibration'],
    createdBy: 'manager',
    assignedTo: null,
    openedDaysAgo: 20,
    statusChanges: [
      { afterHours: 4, to: 'In-Progress' },
      { afterHours: 52, to: 'Resolved' },
    ],
    notes: [
      {
        afterHours: 50,
        text: 'Sensor sat next to a new DC cable run. Moved it clear of the cabling and ran the calibration turns; heading now steady within a degree.',
      },
    ],
  },
]

export const HARBOR_CASES: SampleCase[] = [
  {
    title: 'Stabilizer display stays dark at start-up',
    description:
      'Helm display for the stabilizer stays dark; the breaker is on. Check the display supply and its connection to the controller.',
    expert: 'seakeeper',
    tags: ['display', 'power'],
    createdBy: 'tech',
    assignedTo: null,
    openedDaysAgo: 3,
    statusChanges: [],
    notes: [],
  },
  {
    title: 'AIS targets not shown on the chart plotter',
    description: 'AIS receiver reports targets on its own status page but none appear on the chart plotter.',
    expert: 'furuno',
    tags: ['AIS', 'NMEA 2000'],
    createdBy: 'admin',
    assignedTo: 'tech',
    openedDaysAgo: 6,
    statusChanges: [{ afterHours: 8, to: 'In-Progress' }],
    notes: [],
  },
]
