import { describe, expect, it } from 'vitest'
import {
  buildIndex,
  capitalised,
  closestWord,
  editDistance,
  expandTerms,
  localAnswerLines,
  misspeltStem,
  retrieveKept,
  searchIndex,
  searchTerms,
} from './index.ts'
import { testPassage } from './test-passage.ts'

const passage = (ordinal: number, text: string, section: string | null = null) =>
  testPassage(ordinal, text, { section })

const PASSAGES = [
  passage(0, 'Check the raw-water seacock and strainer when the gyro reports a high temperature alarm.', 'Cooling'),
  passage(1, 'The seacock must be open before launch. Clean the strainer basket monthly.', 'Haul-out'),
  passage(2, 'Bearing noise at low speed usually means the bearings need grease.', 'Bearings'),
  passage(3, 'Temperature sensors report to the display; a high reading can also be a sensor fault.', 'Sensors'),
]

describe('the retrieval core shared by the server and the device', () => {
  it('ranks passages holding every term first, then by BM25', () => {
    const index = buildIndex(PASSAGES)
    const found = searchIndex(index, searchTerms('high temperature alarm seacock'), 5)
    expect(found[0]?.ordinal).toBe(0)
    expect(found.map((p) => p.ordinal)).toEqual(expect.arrayContaining([0, 1, 3]))
    expect(found.map((p) => p.ordinal)).not.toContain(2)
    expect(searchIndex(index, [], 5)).toEqual([])
    expect(searchIndex(buildIndex([]), ['gyro'], 5)).toEqual([])
  })

  it('cites only passages that cover the question, with a link to the page', () => {
    const retrieval = retrieveKept('demo', buildIndex(PASSAGES), 'What should I check for a high temperature alarm?')
    expect(retrieval.bestScore).toBe(1)
    expect(retrieval.sources[0]).toMatchObject({
      id: 'doc1:0',
      page: 1,
      url: '/t/demo/documents/doc1?page=1&passage=0',
    })
    const lines = localAnswerLines('seakeeper', retrieval, false)
    expect(lines.join('\n')).toContain('raw-water seacock')
  })

  it('cites at most three passages of one manual while another manual’s passage qualifies', () => {
    const long = [0, 1, 2, 3, 4, 5].map((n) =>
      passage(n, `Step ${n} of fitting the impeller of the raw water pump.`, 'Raw water pump impeller'),
    )
    const other = testPassage(0, 'Replace the raw water pump impeller every season.', {
      id: 'doc2:0',
      documentId: 'doc2',
      fileName: 'engine.pdf',
    })
    const retrieval = retrieveKept('demo', buildIndex([...long, other]), 'raw water pump impeller')
    const cited = retrieval.sources.map((source) => source.id)
    // The long manual's passages, named by their heading, rank first; its fourth gives way to the
    // other manual and only fills the place nothing else takes.
    expect(cited).toEqual(['doc1:0', 'doc1:1', 'doc1:2', 'doc2:0', 'doc1:3'])
  })

  it('says nothing relevant for an off-topic question instead of guessing', () => {
    const retrieval = retrieveKept('demo', buildIndex(PASSAGES), 'best pizza recipe in Antibes')
    expect(retrieval.sources).toEqual([])
    expect(localAnswerLines('seakeeper', retrieval, false)[0]).toMatch(/^I could not find anything about this/)
  })

  it('finds the words a manual uses for the ones a technician types: abbreviations, synonyms, misspellings', () => {
    const index = buildIndex([
      ...PASSAGES,
      passage(4, 'Each end of the NMEA 2000 trunk needs a 120 ohm terminator.', 'Network'),
      passage(5, 'Fit an isolated transceiver when the sensor has its own ground.', 'Wiring'),
    ])
    expect(retrieveKept('demo', index, 'n2k backbone terminator').sources[0]?.id).toBe('doc1:4')
    expect(retrieveKept('demo', index, 'isolated transciever').sources[0]?.id).toBe('doc1:5')
    expect(editDistance('transciev', 'transceiv', 2)).toBe(1)
    expect(
      closestWord('seacok', [
        ['seacock', 2],
        ['season', 9],
      ]),
    ).toBe('seacock')
    expect(closestWord('gyro', [['gyros', 1]])).toBeNull()
  })

  it('leaves out contractions typed without their apostrophe, as with it', () => {
    expect(searchTerms('gyro wont spin up and the display doesnt show why, whatever I try')).toEqual(
      searchTerms("gyro won't spin up and the display doesn't show why, I try"),
    )
    expect(searchTerms('dont know, cant reset, isnt starting')).toEqual(['reset', 'starting'])
  })

  it('counts the words of a file’s name as its heading’s', () => {
    const watermaker = testPassage(0, 'Flush the membrane with fresh water every week in use, and before storage.', {
      id: 'doc2:0',
      documentId: 'doc2',
      fileName: 'watermaker_service-guide.pdf',
      title: 'Service Guide',
    })
    const gyro = passage(1, 'Flush the membrane weekly.')
    const mention = passage(2, 'The watermaker feed pump shares the gyro seawater intake.')
    const index = buildIndex([gyro, watermaker, mention])
    expect(retrieveKept('demo', index, 'flush the watermaker membrane').sources[0]?.id).toBe('doc2:0')
  })

  it('counts two words of the question that name the same thing once', () => {
    expect(expandTerms(['gyro', 'stabilizer', 'bearings']).map((t) => t.word)).toEqual(['gyro', 'bearings'])
    expect(expandTerms(['alarm', 'alarms']).map((t) => t.word)).toEqual(['alarm'])
  })

  it('finds a synonym group from any inflection of its spellings', () => {
    expect(expandTerms(['chartplotters'])[0]?.forms).toEqual(expect.arrayContaining(['mfd', 'plotter']))
    expect(expandTerms(['batteries'])[0]?.forms).toContain('batt')
    expect(expandTerms(['resetting', 'gyros']).map((t) => t.forms)).toEqual([
      expect.arrayContaining(['reboot', 'restart']),
      expect.arrayContaining(['stabilizer']),
    ])
    const index = buildIndex([...PASSAGES, passage(4, 'Every multifunction display needs its own fuse.', 'Power')])
    expect(retrieveKept('demo', index, 'do chartplotters need a fuse').sources[0]?.id).toBe('doc1:4')
  })

  it('never corrects a code written in capitals into a word the manuals hold', () => {
    const codes = capitalised("What does Garmin's $PGRMH sentence contain?")
    expect(codes).toEqual(new Set(['pgrmh']))
    // A question all in capitals says nothing of which words are codes.
    expect(capitalised('WHAT DOES THE PGRMH SENTENCE CONTAIN')).toEqual(new Set())
    const unknown = () => 0
    expect(misspeltStem({ word: 'pgrmh', forms: ['pgrmh'] }, unknown, codes)).toBeNull()
    expect(misspeltStem({ word: 'pgrmh', forms: ['pgrmh'] }, unknown, new Set())).toBe('pgrmh')
    expect(misspeltStem({ word: 'transciever', forms: ['transciever'] }, unknown, codes)).toBe('transciev')
  })

  it('counts words of a table together only within a row', () => {
    const index = buildIndex([
      ...PASSAGES,
      passage(4, 'Value | Setting\n1 | Backlight level\n2 | Heading unit\n3 | Time display', 'Settings'),
    ])
    // Each word is in the table, each in another row.
    expect(retrieveKept('demo', index, 'backlight of the heading display').sources).toEqual([])
    expect(retrieveKept('demo', index, 'backlight level setting').sources[0]?.id).toBe('doc1:4')
  })

  it('lets rare words decide relevance, not the common ones', () => {
    const common = Array.from({ length: 30 }, (_, i) =>
      passage(10 + i, `Check the display and the cable ${i}.`, 'General'),
    )
    const index = buildIndex([...PASSAGES, ...common])
    // "check", "display" and "cable" are everywhere; "impeller" is nowhere, so this is not answered.
    expect(retrieveKept('demo', index, 'check the impeller cable on the display').sources).toEqual([])
    expect(retrieveKept('demo', index, 'check the strainer basket').sources[0]?.id).toBe('doc1:1')
  })

  it('counts a model code no manual names as a word of the question, a bare number (a job number) not', () => {
    const index = buildIndex(PASSAGES)
    // No passage holds both; with a unit the manuals do not cover as well, half a match is no answer.
    expect(retrieveKept('demo', index, 'grease before launch on the XR9000').sources).toEqual([])
    expect(retrieveKept('demo', index, 'grease before launch, 4471').sources).not.toEqual([])
    // A passage holding everything else the question says still answers it.
    expect(retrieveKept('demo', index, 'bearing noise on the XR9000').sources[0]?.id).toBe('doc1:2')
  })

  it('does not answer about a unit the manuals know from a manual that never names it', () => {
    const other = { documentId: 'doc2', fileName: 'usr.html', title: 'Lowrance USR files' }
    const index = buildIndex([
      ...PASSAGES,
      passage(4, 'Every positive feed needs a fuse sized for the cable and the load.', 'Fuses'),
      testPassage(5, 'Newer Lowrance models (HDS, Hook) export waypoints to an SD card.', other),
      testPassage(6, 'Garmin GPSMAP 60 and 76 receivers talk over the serial cable.', other),
      testPassage(7, 'The Actisense NGT-2 takes a USB cable.', other),
      passage(8, 'Use 1 serial cable a port.', 'Cables'),
    ])
    expect(retrieveKept('demo', index, 'what size fuse for the power feed').sources[0]?.id).toBe('doc1:4')
    // The fuse passage's manual names neither word: it is about fusing in general, not that unit.
    expect(retrieveKept('demo', index, 'what size fuse does a Lowrance HDS need on its power feed').sources).toEqual([])
    // A model the manuals do not hold is not covered by those of its family they do.
    expect(retrieveKept('demo', index, 'which serial cable for a Garmin GPSMAP 8617').sources).toEqual([])
    expect(retrieveKept('demo', index, 'which serial cable for a Garmin GPSMAP 60').sources[0]?.id).toBe('doc1:6')
    // Every word of the model code: the cables page's "1" is not the NGT-1.
    expect(retrieveKept('demo', index, 'which serial cable for an Actisense NGT-1').sources).toEqual([])
    // A name with a word no manual holds is no equipment they cover, so it is no reason to say nothing.
    expect(retrieveKept('demo', index, 'what size fuse for the power feed on the Sea Breeze').sources[0]?.id).toBe(
      'doc1:4',
    )
  })

  it('takes one capitalised word for a unit when a few manuals name it, more than once', () => {
    const manual = (n: number, text: string, ordinal = 0) =>
      testPassage(ordinal, text, { id: `doc${n}:${ordinal}`, documentId: `doc${n}`, title: `Manual ${n}` })
    const index = buildIndex([
      manual(1, 'Every positive feed needs a fuse sized for the cable and the load.'),
      manual(2, 'The Teensy runs the bridge firmware.'),
      manual(2, 'Flash the Teensy over USB.', 1),
      manual(3, 'Johnson wrote the first version.'),
      manual(4, 'Set the Raspberry Pi up first.'),
      manual(5, 'The Pi needs a 3 A supply.'),
      ...[6, 7, 8, 9, 10].map((n) => manual(n, `Filler page ${n} about anchors and chain.`)),
    ])
    expect(retrieveKept('demo', index, 'what size fuse for the power feed').sources[0]?.id).toBe('doc1:0')
    expect(retrieveKept('demo', index, 'what size fuse for the power feed of the Teensy').sources).toEqual([])
    // One passage naming it is happenstance; a fifth of the manuals naming it is common ground.
    expect(retrieveKept('demo', index, 'what size fuse for the power feed, for Johnson').sources[0]?.id).toBe('doc1:0')
    expect(retrieveKept('demo', index, 'what size fuse for the power feed of the Pi').sources[0]?.id).toBe('doc1:0')
  })

  it('weighs a name only one passage holds like a word none holds', () => {
    const common = Array.from({ length: 30 }, (_, i) => passage(10 + i, `Check the display and the cable ${i}.`))
    const credits = passage(40, 'Thanks to Johnson for the first translation.', 'Credits')
    const index = buildIndex([...PASSAGES, ...common, credits])
    // At one passage's rarity "Johnson" would outweigh the seacock question it is an aside to.
    const question = 'check the seacock strainer for my customer Johnson at the Hamble marina'
    expect(retrieveKept('demo', index, question).sources[0]?.id).toBe('doc1:0')
  })

  it('takes two words or more no manual holds for what the question is about, not an aside', () => {
    const index = buildIndex([
      ...PASSAGES,
      ...Array.from({ length: 20 }, (_, i) => passage(4 + i, `Anchor chain page ${i}.`)),
    ])
    expect(retrieveKept('demo', index, 'clean the strainer and seacock on Wavedancer').sources[0]?.id).toBe('doc1:1')
    // The seacock and strainer are all the manuals know of it; the router is what it asks about.
    expect(retrieveKept('demo', index, 'teltonika rut955 router apn for the seacock strainer').sources).toEqual([])
  })

  it('does not take a word of a name that many manuals use for the manual naming that unit', () => {
    const manual = (n: number, text: string) =>
      testPassage(0, text, { id: `doc${n}:0`, documentId: `doc${n}`, title: `Manual ${n}` })
    const index = buildIndex([
      manual(1, 'The DSC distress sentence fields follow the standard.'),
      manual(2, 'Maker codes: STH Standard Horizon, FUR Furuno.'),
      ...[3, 4, 5, 6, 7, 8, 9, 10].map((n) => manual(n, `Standard page ${n} about anchors.`)),
    ])
    expect(retrieveKept('demo', index, 'which fields does the DSC distress sentence have').sources[0]?.id).toBe(
      'doc1:0',
    )
    // "Standard" is in most manuals: only "Horizon" says which maker, and manual 1 does not name it.
    expect(
      retrieveKept('demo', index, 'which fields does the DSC distress sentence from a Standard Horizon have').sources,
    ).toEqual([])
  })

  it('says nothing relevant about a code the manuals leave out of a family they document', () => {
    const index = buildIndex([
      ...PASSAGES,
      passage(4, '$PGRMC Garmin proprietary sentence: sensor configuration fields.', 'PGRMC'),
      passage(5, '$PGRMM Garmin proprietary sentence: the map datum field.', 'PGRMM'),
      passage(6, '$PGRMZ Garmin proprietary sentence: the altitude fields.', 'PGRMZ'),
    ])
    expect(retrieveKept('demo', index, "What does Garmin's $PGRMM sentence contain?").sources[0]?.id).toBe('doc1:5')
    // Its siblings' pages hold every other word of the question.
    expect(retrieveKept('demo', index, "What does Garmin's $PGRMH sentence contain?").sources).toEqual([])
    // A code with no such family (a serial number in an aside) is only an unknown word.
    expect(
      retrieveKept('demo', index, "What does Garmin's $PGRMM sentence contain, serial SN4471A?").sources[0]?.id,
    ).toBe('doc1:5')
  })

  it('answers with the sentence that carries it, a table row or list whole, and what follows a colon', () => {
    const index = buildIndex([
      passage(
        0,
        'Bring the port up before testing. Start the CAN port using:\n\n$ sudo ip link set can0 up type can bitrate 250000',
        'CAN',
      ),
      passage(1, 'Field | Name | Unit\n2 | Depth below transducer | 0.01 m .. 42949672.92', 'PGN 128267 - Water Depth'),
      passage(2, 'Parts needed:\n- Teensy 3.2\n- MCP2562 transceiver\n- 4.7 kohm resistor', 'Parts'),
    ])
    const answer = (q: string) => localAnswerLines('furuno', retrieveKept('demo', index, q), false).join('\n')
    expect(answer('how do I start the can port')).toContain('- $ sudo ip link set can0 up type can bitrate 250000')
    expect(answer('depth below transducer units')).toContain('- 2 | Depth below transducer | 0.01 m .. 42949672.92')
    const parts = answer('which parts are needed for the teensy build')
    expect(parts).toContain('- MCP2562 transceiver')
    expect(parts).toContain('- 4.7 kohm resistor')
    expect(parts).toMatch(/\*\*Gyro Service Manual \(Parts, page 3\)\*\* \[1\]/)
  })

  it('quotes the best line of a code block, not the line after the block in its place', () => {
    const index = buildIndex([
      passage(
        0,
        'refclock nmea baud 19200 # all sentences at 19200 bps\nrefclock nmea path /dev/ttyUSB0 # all sentences from the USB port\n\nReference Clock Drivers',
        'Configuration Example',
      ),
    ])
    const answer = localAnswerLines('furuno', retrieveKept('demo', index, 'refclock nmea path for /dev/ttyUSB0'), false)
    expect(answer).toContain('- refclock nmea path /dev/ttyUSB0 # all sentences from the USB port')
    expect(answer).not.toContain('- Reference Clock Drivers')
  })

  it('quotes the option or term a paragraph describes with it', () => {
    const index = buildIndex([
      passage(
        0,
        '-v --verbose\n\nProduce verbose debugging output.\n\n-T --testing\n\nTest mode: listen to my packets too. This mode is useful for off-air experimentation.\n\nThe interface stays up. Packets are counted.',
        'General options',
      ),
    ])
    const answer = localAnswerLines('furuno', retrieveKept('demo', index, 'off-air experimentation mode'), false)
    expect(answer).toContain('- -T --testing')
    expect(answer).not.toContain('- -v --verbose')
  })

  it('quotes what a sentence that stops mid-way leads on to, and a table row with its column names', () => {
    const index = buildIndex([
      passage(
        0,
        'The daemon converts the bus data. Its configuration file is located at\n\n/etc/default/n2kd',
        'Setup',
      ),
      passage(
        1,
        'Feature | Gateway | Bridge\n\nChart formats | all | some\n\nGPS daemon | pre-configured | needs install\n\nFirewall | yes | no',
        'Compared',
      ),
    ])
    const answer = (q: string) => localAnswerLines('furuno', retrieveKept('demo', index, q), false).join('\n')
    expect(answer('where is the daemon configuration file')).toContain('- /etc/default/n2kd')
    const row = answer('is the gps daemon set up on the bridge')
    expect(row).toContain('- Feature | Gateway | Bridge\n- GPS daemon | pre-configured | needs install')
    expect(row).not.toContain('Firewall')
  })
})
