import { type StreamEvent, streamEventSchema } from '@mw/sync-protocol'

/** Reads a whole text/event-stream answer into its events, checking each against the contract (tests and benchmarks). */
export async function readSseEvents(res: Response): Promise<StreamEvent[]> {
  const text = await res.text()
  return text
    .split('\n\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n')
      return streamEventSchema.strict().parse(JSON.parse(data))
    })
}
