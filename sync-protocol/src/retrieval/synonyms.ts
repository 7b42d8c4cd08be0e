import { tokens } from './bm25.ts'
import { otherSpellings } from './spellings.ts'

/**
 * Words technicians and manuals use for the same thing. Each group's spellings are searched
 * together, so "N2K backbone" finds "NMEA 2000 trunk". A spelling may be several words (a phrase).
 */
export const MARINE_SYNONYMS: readonly (readonly string[])[] = [
  ['n2k', 'nmea2000', 'nmea 2000'],
  ['0183', 'nmea0183', 'nmea 0183'],
  ['stbd', 'starboard'],
  ['mfd', 'plotter', 'chartplotter', 'multifunction display'],
  ['gps', 'gnss'],
  ['ap', 'autopilot', 'pilot'],
  ['xdcr', 'transducer'],
  ['sounder', 'echosounder', 'fishfinder'],
  ['hdg', 'heading'],
  ['cog', 'course over ground'],
  ['sog', 'speed over ground'],
  ['stw', 'speed through water'],
  ['rpm', 'revolutions', 'engine speed'],
  ['batt', 'battery'],
  ['temp', 'temperature'],
  ['config', 'configuration', 'setup'],
  ['fw', 'firmware'],
  ['sw', 'software'],
  ['pwr', 'power'],
  ['gnd', 'ground', 'earth'],
  ['backbone', 'trunk'],
  ['terminator', 'termination resistor'],
  ['plug', 'connector'],
  ['colour', 'color'],
  ['baud', 'baudrate', 'baud rate'],
  ['gyro', 'stabilizer', 'stabiliser'],
  ['genset', 'generator'],
  ['aerial', 'antenna'],
  ['alarm', 'alert'],
  ['fault', 'error'],
  ['reboot', 'restart', 'reset'],
  ['wx', 'weather'],
  ['ais', 'automatic identification system'],
  ['vhf', 'marine radio'],
  ['pgn', 'parameter group number'],
  ['rpi', 'raspberry pi'],
  // A technician's shorthand for what manuals spell out.
  ['freq', 'frequency'],
  ['lib', 'library'],
  ['hdd', 'hard disk', 'hard drive', 'disk drive'],
  ['ssd', 'solid state drive'],
  ['nav', 'navigation'],
  ['docs', 'documentation'],
  ['info', 'information'],
  ['spec', 'specification'],
  ['mic', 'microphone'],
  ['xmit', 'transmit'],
  ['dir', 'directory'],
  ['repo', 'repository'],
  ['pkg', 'package'],
  ['cmd', 'command'],
  ['msg', 'message'],
  ['addr', 'address'],
  ['auth', 'authentication'],
  ['cert', 'certificate'],
  ['param', 'parameter'],
  ['arg', 'argument'],
  ['diag', 'diagnostic', 'diagnostics'],
  ['admin', 'administrator'],
  ['prefs', 'preferences'],
  ['approx', 'approximately'],
  ['max', 'maximum'],
  ['os', 'operating system'],
  ['wifi', 'wlan', 'wireless lan'],
  ['pc', 'computer'],
  ['app', 'application'],
  ['pw', 'password'],
  ['gui', 'graphical user interface'],
  ['cli', 'command line'],
  ['sat', 'satellite'],
  ['hrs', 'hours'],
  ['env', 'environment'],
  ['var', 'variable'],
  ['exe', 'executable'],
  ['mem', 'memory'],
  ['ver', 'version'],
  ['calib', 'calibration'],
  ['avg', 'average'],
  ['conn', 'connection'],
]

/**
 * A group's spellings, each as the stems of its words: "chartplotters" or "batteries" in a question
 * find their group as the singular does (the index's own stemmer).
 */
const inStems = (group: readonly string[]) => group.map((form) => form.split(' ').map(stemOf))
const stemOf = (word: string) => tokens(word).join(' ')
const MARINE_SYNONYMS_IN_STEMS = MARINE_SYNONYMS.map(inStems)

/** A word of the question and every spelling searched for it (the word first). */
export interface QueryTerm {
  word: string
  forms: string[]
  /** What the question asks for (asked.ts), as against what it is about. */
  asked?: boolean
  /** The unit name (subject.ts) it is a word of, and whether it is that name's model code. */
  unit?: { name: number; code: boolean }
  /** A code no manual holds, of a family of codes they document (subject.ts). */
  undocumented?: boolean
  /** The question's first word ("wkhtmltopdf header and footer …"): what a terse question is about. */
  opens?: boolean
  /** The aside phrase (asides.ts) it is a word of ("on the Sea Breeze"), and whether it has a role word. */
  aside?: { phrase: number; role: boolean }
}

/**
 * The question's words with their synonyms; `extra` groups (an admin's) come before the shipped
 * ones. A spelling of several words counts where the question has those words in a row. A word
 * that is a spelling of an earlier one is not a term of its own.
 */
export function expandTerms(words: string[], extra: readonly (readonly string[])[] = []): QueryTerm[] {
  const groups = [...extra, ...MARINE_SYNONYMS]
  const spelt = [...extra.map(inStems), ...MARINE_SYNONYMS_IN_STEMS]
  const stems = words.map(stemOf)
  const terms: QueryTerm[] = []
  words.forEach((word, at) => {
    // "gyro stabilizer" names one thing: counted twice, it would look like half a question answered.
    if (terms.some((term) => term.forms.some((form) => stemOf(form) === stems[at]))) return
    const forms = [word, ...otherSpellings(word)]
    groups.forEach((group, g) => {
      if (!spelt[g]?.some((form) => form.every((w, k) => stems[at + k] === w))) return
      for (const form of group) if (!forms.includes(form)) forms.push(form)
    })
    terms.push({ word, forms })
  })
  return terms
}

/**
 * Spellings as the search sees them (lower case, words of letters and digits) with duplicates and
 * groups left with fewer than two spellings dropped.
 */
export function normalizeSynonymGroups(groups: readonly (readonly string[])[]): string[][] {
  const normalized: string[][] = []
  for (const group of groups) {
    const forms = [
      ...new Set(
        group
          .map((form) =>
            form
              .toLowerCase()
              .normalize('NFKC')
              .split(/[^\p{L}\p{N}]+/u)
              .filter(Boolean)
              .join(' '),
          )
          .filter(Boolean),
      ),
    ]
    if (forms.length >= 2) normalized.push(forms)
  }
  return normalized
}
