/**
 * Runs in a worker thread: reads an original and parses it (pdfjs for PDFs), reporting each page,
 * so a 300-page manual never blocks the server's event loop. The thread stays up between
 * documents (its compiled pdfjs makes the next one ~10x faster); Node strips the types itself.
 */
import fs from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { parseDocument } from '../experts/parse-document.ts'
import { UnreadableDocument } from '../experts/parsing/unreadable.ts'

export interface ParseJob {
  file: string
  fileName: string
  maxPages: number
}
export type ParseMessage =
  | { kind: 'progress'; done: number; total: number }
  | {
      kind: 'done'
      title: string
      paragraphs: Awaited<ReturnType<typeof parseDocument>>['paragraphs']
      pages: number | null
    }
  | { kind: 'failed'; reason: string }

const post = (message: ParseMessage) => parentPort?.postMessage(message)

parentPort?.on('message', async (job: ParseJob) => {
  try {
    const parsed = await parseDocument(job.fileName, fs.readFileSync(job.file), {
      maxPages: job.maxPages,
      onPage: (done, total) => post({ kind: 'progress', done, total }),
    })
    post({ kind: 'done', title: parsed.title, paragraphs: parsed.paragraphs, pages: parsed.pages ?? null })
  } catch (error) {
    post({
      kind: 'failed',
      reason:
        error instanceof UnreadableDocument
          ? error.message
          : 'This file could not be read: it may be damaged. Try another copy.',
    })
  }
})
