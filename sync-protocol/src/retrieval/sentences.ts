/**
 * Where sentences end, the same for cutting manuals into passages (server) and for quoting them
 * (the local answerer): after '.', '!' or '?' and a space, before a capital, a digit or an opening
 * quote. Never inside a name written with dots ("VE.Direct", "192.168.1.1": no space follows the
 * dot) nor after dotted initials ("e.g.", "i.e.", "U.S.").
 */
const SENTENCE_START = /(?<=(?<!(?:^|[^\p{L}\p{N}.])(?:\p{L}\.)+\p{L})[.!?]\s+)(?=["“(]?[\p{Lu}\d])/u

/** The text cut where sentences start; every character kept (each sentence with its trailing space). */
export const splitSentences = (text: string): string[] => text.split(SENTENCE_START)
