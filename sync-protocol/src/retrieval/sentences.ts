/**
 * Where sentences end, the same for cutting manuals into passages (server) and for quoting them
 * (the local answerer): after '.', '!' or '?' and a space, before a capital, a digit or an opening
 * quote. Never inside a name written with dots ("VE.Direct", "192.168.1.1": no space follows the
 * dot), after dotted initials ("e.g.", "i.e.", "U.S."), nor between a short form and its number
 * ("max. 16 characters", "approx. 12 V", "Fig. 3", "No. 5", "p. 12").
 */
const SHORT_FORMS = [
  'max',
  'min',
  'approx',
  'ca',
  'no',
  'nos',
  'nr',
  'p',
  'pp',
  'fig',
  'figs',
  'ch',
  'vol',
  'ver',
  'rev',
  'ref',
]

/** A word as written at a sentence's start or inside it ("Max" or "max"). */
const eitherCase = (word: string) => `[${word[0]?.toUpperCase()}${word[0]}]${word.slice(1)}`

const SENTENCE_START = new RegExp(
  [
    '(?<=(?<!(?:^|[^\\p{L}\\p{N}.])(?:\\p{L}\\.)+\\p{L})[.!?]\\s+)',
    `(?<!(?:^|[^\\p{L}\\p{N}.])(?:${SHORT_FORMS.map(eitherCase).join('|')})\\.\\s+(?=\\d))`,
    '(?=["“(]?[\\p{Lu}\\d])',
  ].join(''),
  'u',
)

/** The text cut where sentences start; every character kept (each sentence with its trailing space). */
export const splitSentences = (text: string): string[] => text.split(SENTENCE_START)
