/**
 * The service report a technician leaves the customer: the company's name, the case, its status
 * history, every note and the photos, as a PDF made with pdfkit (standard fonts, no files from
 * the user beyond images already re-encoded when they were attached).
 */
import fs from 'node:fs'
import { EXPERT_NAMES, type Expert } from '@mw/sync-protocol'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import type { CaseAttachmentTable, CaseEventRow, CaseRow } from '../db/tables/case.table.ts'

export interface ReportInput {
  company: string
  case: CaseRow
  events: CaseEventRow[]
  photos: { row: CaseAttachmentTable; file: string }[]
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

  doc.fontSize(10).fillColor('#555').text(input.company)
  doc.moveDown(0.5).fontSize(20).fillColor('#000').text('Service report')
  doc.moveDown(0.5).fontSize(14).text(c.title)
  doc
    .fontSize(10)
    .fillColor('#333')
    .text(
      `Status: ${c.status}   Expert: ${EXPERT_NAMES[c.expert as Expert] ?? c.expert}   Opened: ${day(c.created_at)}`,
    )
  if (c.description) doc.moveDown().fontSize(11).fillColor('#000').text(c.description)

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
    doc.moveDown().fontSize(13).text('Photos')
    for (const photo of input.photos) {
      // pdfkit draws JPEG and PNG; a WebP photo is turned into a JPEG for the report.
      const bytes = fs.readFileSync(photo.file)
      const image = photo.row.content_type === 'image/webp' ? await sharp(bytes).jpeg().toBuffer() : bytes
      if (doc.y > 600) doc.addPage()
      doc.image(image, { fit: [240, 180] })
      doc.fontSize(8).fillColor('#555').text(photo.row.file_name).fillColor('#000').moveDown(0.5)
    }
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#777')
    .text(`Generated ${day(input.generatedAt.toISOString())} UTC by Marine Workbench.`)
  doc.end()
  return done
}
