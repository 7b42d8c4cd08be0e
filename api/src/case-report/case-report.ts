/**
 * The service report a technician leaves the customer: the company's name, the case, the vessel
 * and the units with their serials, its status history, every note, the photos and the customer's
 * signature, as a PDF made with pdfkit (standard fonts, no files from
 * the user beyond images already re-encoded when they were attached).
 */
import fs from 'node:fs'
import { type EquipmentUnit, EXPERT_NAMES, type Expert } from '@mw/sync-protocol'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import type { CaseAttachmentTable, CaseEventRow, CaseRow } from '../db/tables/case.table.ts'
import { inImageTurn } from '../lib/images.ts'

export interface ReportInput {
  /** The tenant's branding: its name, its uploaded logo (PNG, WebP or SVG bytes) and accent colour. */
  company: { name: string; logo: { mediaType: string; bytes: Uint8Array } | null; accent: string | null }
  case: CaseRow
  events: CaseEventRow[]
  photos: { row: CaseAttachmentTable; file: string }[]
  /** The customer's latest signature, if one was captured. */
  signature: { row: CaseAttachmentTable; file: string } | null
  names: Map<string, string>
  generatedAt: Date
}

const day = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ')

export async function caseReportPdf(input: ReportInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Service report: ${input.case.title}` } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  const who = (id: string) => input.names.get(id) ?? 'a team member'
  const c = input.case

  const accent = input.company.accent ?? '#000000'
  if (input.company.logo) {
    const logo = await printableLogo(input.company.logo.bytes)
    if (logo) doc.image(logo, { fit: [120, 48] }).moveDown(0.3)
  }
  doc.fontSize(10).fillColor('#555').text(input.company.name)
  doc.moveDown(0.5).fontSize(20).fillColor(accent).text('Service report')
  doc
    .moveTo(doc.page.margins.left, doc.y + 2)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 2)
    .lineWidth(2)
    .strokeColor(accent)
    .stroke()
  doc.moveDown(0.5).fontSize(14).text(c.title)
  doc
    .fontSize(10)
    .fillColor('#333')
    .text(
      `Status: ${c.status}   Expert: ${EXPERT_NAMES[c.expert as Expert] ?? c.expert}   Opened: ${day(c.created_at)}`,
    )
  if (c.description) doc.moveDown().fontSize(11).fillColor('#000').text(c.description)
  writeEquipment(doc, c.vessel, JSON.parse(c.equipment_json) as EquipmentUnit[])

  const history = input.events.filter((e) => e.kind === 'status')
  if (history.length > 0) {
    doc.moveDown().fontSize(13).text('Status history')
    for (const e of history) {
      const data = JSON.parse(e.data_json) as { from?: string; to?: string }
      doc.fontSize(10).text(`${day(e.created_at)}  ${data.from ?? '?'} to ${data.to ?? '?'}  (${who(e.author_id)})`)
    }
  }
  const notes = input.events.filter((e) => e.kind === 'note')
  doc.moveDown().fontSize(13).text('Notes')
  if (notes.length === 0) doc.fontSize(10).text('No notes.')
  for (const e of notes) {
    const data = JSON.parse(e.data_json) as { text?: string }
    doc
      .moveDown(0.3)
      .fontSize(9)
      .fillColor('#555')
      .text(`${day(e.created_at)}, ${who(e.author_id)}`)
    doc
      .fontSize(10)
      .fillColor('#000')
      .text(data.text ?? '')
  }
  if (input.photos.length > 0) {
    // Scaled off the event loop, a few at a time (inImageTurn), then drawn in order.
    const images = await Promise.all(input.photos.map((photo) => printable(photo.file)))
    doc.moveDown().fontSize(13).text('Photos')
    for (const [index, photo] of input.photos.entries()) {
      if (doc.y > 600) doc.addPage()
      doc.image(images[index] as Buffer, { fit: [240, 180] })
      doc.fontSize(8).fillColor('#555').text(photo.row.file_name).fillColor('#000').moveDown(0.5)
    }
  }
  if (input.signature) {
    if (doc.y > 640) doc.addPage()
    doc.moveDown().fontSize(13).text('Customer signature')
    doc.image(await printable(input.signature.file), { fit: [240, 100] })
    doc
      .fontSize(8)
      .fillColor('#555')
      .text(`Signed ${day(input.signature.row.created_at)} UTC`)
      .fillColor('#000')
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#777')
    .text(`Generated ${day(input.generatedAt.toISOString())} UTC by Marine Workbench.`)
  doc.end()
  return done
}

function writeEquipment(doc: PDFKit.PDFDocument, vessel: string, units: EquipmentUnit[]) {
  if (!vessel && units.length === 0) return
  doc.moveDown().fontSize(13).fillColor('#000').text('Vessel and equipment')
  if (vessel) doc.fontSize(10).text(`Vessel: ${vessel}`)
  for (const u of units) {
    const line = [
      [u.make, u.model].filter(Boolean).join(' '),
      u.serial && `Serial: ${u.serial}`,
      u.hours !== null && `Hours: ${u.hours}`,
      u.firmware && `Firmware: ${u.firmware}`,
    ]
    doc.fontSize(10).text(line.filter(Boolean).join('   '))
  }
}

/** The logo as a PNG pdfkit can draw (an SVG is rasterised by sharp, with no outside fetches); null if it cannot be. */
async function printableLogo(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await inImageTurn(() =>
      sharp(bytes, { limitInputPixels: 4096 * 4096 })
        .resize({ width: 480, height: 192, fit: 'inside' })
        .png()
        .toBuffer(),
    )
  } catch {
    return null
  }
}

/**
 * A photo as the report prints it (about 3 inches wide): 1000 px JPEG is 300 dpi there, and keeps
 * a report of many photos small enough to send over a satellite link. pdfkit draws JPEG and PNG
 * only, so every format goes through here.
 */
function printable(file: string): Promise<Buffer> {
  return inImageTurn(() =>
    sharp(fs.readFileSync(file))
      .resize({ width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer(),
  )
}
