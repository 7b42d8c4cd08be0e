/**
 * NMEA 0183 sentences as technicians say them and as manuals write them: "RMC" or "the MWV
 * sentence" in a question, "$GPRMC" or "IIMWV" in a manual (a two-letter talker, then the
 * sentence's three letters), and the other way round. Only the sentences of the standard and the
 * talkers that send them: "put" is no sentence, so it never becomes "input".
 */
const SENTENCES = new Set(
  `aam alm apb bod bwc bwr bww dbk dbs dbt dpt dsc dse dtm gbs gga gll gns grs gsa gst gsv hdg hdm hdt
  hsc mda mtw mwd mwv osd rma rmb rmc rot rpm rsa rsd rte sfi tll ttm txt vbw vdm vdo vhw vlw vpw vtg
  vwr vwt wcv wpl xdr xte xtr zda zdl`.split(/\s+/),
)
const TALKERS = 'ag ai ap bd ec ga gb gi gl gn gp gq he hc hn ii in ra sd ti vd vw wi yx'.split(' ')
const TALKER_SET = new Set(TALKERS)

/** A sentence's other spellings: with every talker for its three letters, its three letters for a talker's. */
export function sentenceSpellings(word: string): string[] {
  if (SENTENCES.has(word)) return TALKERS.map((talker) => talker + word)
  if (word.length === 5 && TALKER_SET.has(word.slice(0, 2)) && SENTENCES.has(word.slice(2))) return [word.slice(2)]
  return []
}
