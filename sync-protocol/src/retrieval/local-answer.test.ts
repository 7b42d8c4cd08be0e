import { describe, expect, it } from 'vitest'
import type { Source } from '../conversations.ts'
import type { Retrieval } from './gate.ts'
import { localAnswerLines } from './local-answer.ts'

const source = (n: number, text: string, section: string | null = null): Source => ({
  id: `doc${n}:0`,
  title: `Manual ${n}`,
  section,
  page: null,
  text,
  score: 0.8,
  documentId: `doc${n}`,
  fileName: `manual${n}.md`,
})

const answer = (terms: string[], sources: Source[], forms?: string[][]) => {
  const retrieval: Retrieval = { terms, sources, bestScore: 0.8, weights: terms.map(() => 1), forms }
  return localAnswerLines('furuno', retrieval, false).join('\n')
}

describe('the built-in answerer', () => {
  it('always quotes the passage the gate judged best, even when a later one has a denser sentence', () => {
    const text = answer(
      ['rfcomm0', 'appears', 'disappears', 'startup'],
      [
        source(1, 'The device comes and goes. Use SERIALKISSPOLL to open rfcomm0 when it is there.'),
        source(2, 'The rfcomm0 device appears and disappears at startup.'),
      ],
    )
    expect(text).toContain('SERIALKISSPOLL')
  })

  it('quotes the sentence between two quoted sentences of its paragraph', () => {
    const text = answer(
      ['id', 'transmissions'],
      [
        source(
          1,
          'Seconds between ID transmissions. Set to 0 to disable IDs. Out of the box it is 570. ' +
            'IDs are only sent after traffic. The port is named in the config file.',
        ),
      ],
    )
    expect(text).toContain(
      '- Set to 0 to disable IDs.\n- Out of the box it is 570.\n- IDs are only sent after traffic.',
    )
    expect(text).not.toContain('config file')
  })

  it('quotes a sentence that opens with "This" or "It" with the sentence it points back to', () => {
    const text = answer(
      ['cpld', 'update'],
      [
        source(
          1,
          'Open a terminal. Flash the latest firmware image with hackrf_spiflash. ' +
            'This also brings the CPLD up to date, so no separate CPLD update is needed. Close the terminal.',
        ),
      ],
    )
    expect(text).toContain('Flash the latest firmware image with hackrf_spiflash.')
    expect(text).toContain('This also brings the CPLD up to date')
    expect(text).not.toContain('Open a terminal.')
  })

  it("quotes a FAQ's question with the answer that follows it", () => {
    const text = answer(
      ['linpac', 'segmentation', 'fault', 'start'],
      [
        source(
          1,
          'Q: When I start Linpac, I get "Segmentation fault". What is the fix? A: You are probably running an old version. Build the newest release.',
        ),
      ],
    )
    expect(text).toContain('A: You are probably running an old version.')
  })

  it('quotes more of the best source than of the others', () => {
    const steps = [1, 2, 3, 4, 5, 6].map((n) => `Step ${n} of the gyro service: check seal ${n}.`)
    const text = answer(
      ['gyro', 'service', 'seal'],
      [source(1, steps.join(' ')), source(2, steps.map((step) => step.replace('Step', 'Stage')).join(' '))],
    )
    for (const step of steps) expect(text).toContain(step)
    expect(text.match(/Stage \d/g)).toHaveLength(4)
  })

  it('reads a sentence under its section heading: a command under the heading that names the problem', () => {
    const text = answer(
      ['white', 'screen', 'install'],
      [
        source(1, 'A white screen after an install comes from old firmware.'),
        source(2, 'bash /data/etc/dbus-serialbattery/restore-gui.sh', 'Fix white screen after install'),
      ],
    )
    expect(text).toContain('restore-gui.sh')
  })

  it('looks for the spellings the search used, not only the words typed', () => {
    const sources = [source(1, 'Dire Wolf polls the port until it appears.')]
    expect(answer(['direwolf'], sources, [['direwolf', 'dire wolf']])).toContain('- Dire Wolf polls the port')
    expect(answer(['direwolf'], sources)).not.toContain('- Dire Wolf polls the port')
  })

  it("quotes an option of a command's help with the lines its description wraps onto", () => {
    const help = [
      'Options for RTU :',
      '  -b #          Baudrate (1200-921600, 19200 is default)',
      '  -R [#]        RS-485 mode (/RTS on (0) after sending)',
      '                 Optional parameter for the GPIO RTS pin number',
      '  writevalues   List of values to be written.',
      '                If negative numbers are provided, precede the list of',
      "                values by two dashes ('--').",
    ].join('\n')
    const gpio = answer(
      ['rs485', 'gpio', 'rts', 'pin'],
      [source(1, help, 'Help')],
      [['rs485', 'rs-485'], ['gpio'], ['rts'], ['pin']],
    )
    expect(gpio).toContain(
      '- -R [#]        RS-485 mode (/RTS on (0) after sending) Optional parameter for the GPIO RTS pin number',
    )
    const negative = answer(['write', 'negative', 'number'], [source(1, help, 'Help')])
    expect(negative).toContain("two dashes ('--')")
  })
  it('quotes a sentence that ends by announcing an example ("as," "as follows.") with the example', () => {
    const text = answer(
      ['password', 'every', 'run', 'tex', 'file'],
      [
        source(
          1,
          'dvipdfmx asks for the password on every run of a TeX file. Only the standard handler is supported. ' +
            'To avoid the prompt, give the password in the TeX file, as,\n\n' +
            '\\special{pdf:encrypt userpw (foo) ownerpw (bar) length 128 perm 20}\n\nThe owner password is set the same way. Other handlers are not supported.',
        ),
      ],
    )
    expect(text).toContain('\\special{pdf:encrypt userpw (foo) ownerpw (bar) length 128 perm 20}')
    const follows = answer(
      ['cross', 'reference', 'page', 'number'],
      [
        source(
          1,
          'A cross-reference has no page number. This is done as follows;\n\n\\index{at!bat|see{bat, at}}\n\nRanges need two entries.',
        ),
      ],
    )
    expect(follows).toContain('see{bat, at}')
  })
  it("quotes a term with all of its short description, not only the description's first sentence", () => {
    const text = answer(
      ['exclude'],
      [
        source(
          1,
          '-v --verbose\n\nPrint every packet.\n\n-x --exclude list\n\nSkip the named ports. Separate the names with commas.\n\n-q --quiet\n\nPrint nothing.',
        ),
      ],
    )
    expect(text).toContain('- -x --exclude list\n- Skip the named ports.\n- Separate the names with commas.')
    expect(text).not.toContain('Print')
  })
  it('quotes a command on a line of its own with the sentence before it, which says what it does', () => {
    const text = answer(
      ['systemctl', 'stop', 'gpsd'],
      [
        source(
          1,
          'Two units start the daemon. Shutting down the service alone is not enough: the socket starts it again.\n\n' +
            'systemctl stop gpsd.socket gpsd.service',
        ),
      ],
    )
    expect(text).toContain(
      '- Shutting down the service alone is not enough: the socket starts it again.\n- systemctl stop',
    )
    expect(text).not.toContain('Two units')
  })
  it('still quotes the best sentence of a later source that holds the most of the question when the room is used up', () => {
    const steps = [1, 2, 3, 4, 5, 6].map((n) => `Step ${n} of the gyro service: check seal ${n}.`)
    const text = answer(
      ['gyro', 'service', 'seal', 'torque'],
      [
        source(1, steps.join(' ')),
        source(2, steps.map((step) => step.replace('Step', 'Stage')).join(' ')),
        source(3, 'Other units differ. Torque the gyro seal to 12 Nm at every service.'),
      ],
    )
    expect(text).toContain('- Torque the gyro seal to 12 Nm at every service.')
    expect(text).not.toContain('Other units differ.')
  })
  it('quotes a problem with the remedy that follows it ("In that case …") and what the remedy leads on to', () => {
    const text = answer(
      ['gqrx', 'runs', 'poorly'],
      [
        source(
          1,
          'Gqrx builds with cmake. On some systems the default release builds of gqrx run poorly. ' +
            'In that case try forcing -O2 using\n\nexport CXXFLAGS=-O2\n\nbefore the cmake step.',
        ),
      ],
    )
    expect(text).toContain('- In that case try forcing -O2 using\n- export CXXFLAGS=-O2')
    const later = answer(
      ['gqrx', 'runs', 'poorly'],
      [
        source(
          1,
          'Gqrx runs poorly when the sample rate is too high. Lower it first. ' +
            'On some systems the default release builds of gqrx are poorly optimized. ' +
            'In that case try forcing -O2 using\n\nexport CXXFLAGS=-O2\n\nbefore the cmake step.',
        ),
      ],
    )
    expect(later).toContain('- In that case try forcing -O2 using\n- export CXXFLAGS=-O2')
  })
})
