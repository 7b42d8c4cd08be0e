import type { Candidate } from './gate.ts'

/** A passage of the retrieval tests' manual (gyro.pdf, page `ordinal` + 1), with `fields` over the defaults. */
export const testPassage = (ordinal: number, text: string, fields: Partial<Candidate> = {}): Candidate => ({
  id: `doc1:${ordinal}`,
  documentId: 'doc1',
  fileName: 'gyro.pdf',
  ordinal,
  title: 'Gyro Service Manual',
  section: null,
  page: ordinal + 1,
  text,
  ...fields,
})
