import zlib from 'node:zlib'

/**
 * A minimal valid PDF (one page per string, its lines split on newlines; an empty string is a
 * page with no text, as a scan) with a correct cross-reference table.
 */
export function tinyPdf(pages: string[], options: { encrypted?: boolean } = {}): Uint8Array {
  return pdfOfStreams(
    pages.map((text) => {
      const lines = text.split('\n').map((line) => `(${line.replace(/[()\\]/g, '\\$&')}) Tj`)
      return `BT /F1 12 Tf 72 720 Td ${lines.join(' 0 -14 Td ')} ET`
    }),
    options,
  )
}

/** A PDF text string in UTF-16 (any character, as word processors write bookmarks). */
const utf16 = (text: string) =>
  `<FEFF${[...text].map((c) => (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')).join('')}>`

/** Text drawn at (x, y) in Helvetica (/F1) of `size` points: one piece of a page's content stream. */
export const textAt = (x: number, y: number, text: string, size = 10, font = 'F1') =>
  `BT /${font} ${size} Tf ${x} ${y} Td (${text}) Tj ET`

/** Text drawn as textAt does, in Helvetica Bold (/F2). */
export const boldAt = (x: number, y: number, text: string, size = 10) => textAt(x, y, text, size, 'F2')

/** Text drawn as textAt does, in Courier (/F3), a font of one width as code is set in. */
export const codeAt = (x: number, y: number, text: string, size = 10) => textAt(x, y, text, size, 'F3')

/**
 * A PDF whose pages draw the given content streams (Helvetica as /F1, Helvetica Bold as /F2, Courier as /F3), with an outline (bookmarks)
 * of `outline`'s titles, each pointing at the page of that number, under the last entry before it one `depth` up (1 by default).
 */
export function pdfOfStreams(
  pages: string[],
  options: { encrypted?: boolean; outline?: { title: string; page: number; depth?: number }[]; title?: string } = {},
): Uint8Array {
  const objects: string[] = []
  const pageIds = pages.map((_, i) => 4 + i * 2)
  const marks = options.outline ?? []
  const outlineId = 4 + pages.length * 2
  objects[1] = `<< /Type /Catalog /Pages 2 0 R${marks.length > 0 ? ` /Outlines ${outlineId} 0 R` : ''} >>`
  if (marks.length > 0) {
    const depth = (i: number) => marks[i]?.depth ?? 1
    const parents = marks.map((_, i) => {
      for (let j = i - 1; j >= 0; j--) if (depth(j) < depth(i)) return outlineId + 1 + j
      return outlineId
    })
    const kids = (parent: number) => marks.flatMap((_, i) => (parents[i] === parent ? [outlineId + 1 + i] : []))
    const tree = (id: number) => {
      const under = kids(id)
      return under.length > 0 ? ` /First ${under[0]} 0 R /Last ${under.at(-1)} 0 R /Count ${under.length}` : ''
    }
    objects[outlineId] = `<< /Type /Outlines${tree(outlineId)} >>`
    marks.forEach(({ title, page }, i) => {
      const id = outlineId + 1 + i
      const parent = parents[i] as number
      const siblings = kids(parent)
      const at = siblings.indexOf(id)
      const links = `${at > 0 ? ` /Prev ${siblings[at - 1]} 0 R` : ''}${at < siblings.length - 1 ? ` /Next ${siblings[at + 1]} 0 R` : ''}`
      objects[id] =
        `<< /Title ${utf16(title)} /Parent ${parent} 0 R /Dest [${pageIds[page - 1]} 0 R /Fit]${links}${tree(id)} >>`
    })
  }
  const infoId = options.title === undefined ? null : outlineId + marks.length + 1
  if (infoId !== null) objects[infoId] = `<< /Title (${options.title}) >>`
  const boldId = (infoId ?? outlineId + marks.length) + 1
  objects[boldId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>'
  objects[boldId + 1] = '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>'
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  pages.forEach((stream, i) => {
    objects[pageIds[i] as number] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 ${boldId} 0 R /F3 ${boldId + 1} 0 R >> >> /Contents ${(pageIds[i] as number) + 1} 0 R >>`
    objects[(pageIds[i] as number) + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  })
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = pdf.length
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`
  }
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  // A password-protected file: an /Encrypt dictionary whose user key no empty password opens.
  const encrypt = options.encrypted
    ? ` /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >> /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`
    : ''
  const info = infoId === null ? '' : ` /Info ${infoId} 0 R`
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R${info}${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(pdf)
}

/**
 * A one-page PDF of a few kilobytes whose content stream, deflated twice, inflates to one line of
 * text and then `megabytes` MB of spaces: a decompression bomb.
 */
export function inflatingPdf(megabytes: number): Uint8Array {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH }
  // A block compressed from nothing never points back before its start, so copies can follow each other.
  const spaces = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), flush)
  const inner = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    zlib.deflateRawSync(Buffer.from('BT /F1 12 Tf 72 720 Td (Bomb) Tj ET\n'), flush),
    ...Array.from({ length: megabytes }, () => spaces),
    // An empty last block, and a checksum readers do not check.
    Buffer.from([0x03, 0x00, 0, 0, 0, 0]),
  ])
  const stream = zlib.deflateSync(inner)
  const head = [
    '%PDF-1.4',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>\nendobj',
    '4 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj',
    `5 0 obj\n<< /Length ${stream.length} /Filter [/FlateDecode /FlateDecode] >>\nstream\n`,
  ].join('\n')
  // No cross-reference table: readers rebuild it by scanning, as they do for a damaged file.
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    stream,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ])
}

/** A text item as pdfjs gives it: `str` at (x, y) in 10 pt type, `width` wide. */
export const pdfItem = (str: string, x: number, y: number, width = str.length * 5) => ({
  str,
  transform: [10, 0, 0, 10, x, y],
  width,
  height: 10,
  fontName: 'F1',
  hasEOL: false,
})
