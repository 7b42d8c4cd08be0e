import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../components/ui/toast-store.ts'
import { useChatStore } from './store.ts'

const CONVERSATION = '0190f5a2-7b3c-7d4e-8f00-000000000001'
const encoder = new TextEncoder()

/** A streamed SSE answer whose chunks arrive only when the test releases them. */
function sseResponse(lines: string[], { hold = false } = {}) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(lines[0] ?? ''))
      if (hold) await gate
      for (const line of lines.slice(1)) controller.enqueue(encoder.encode(line))
      controller.close()
    },
  })
  return { response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }), release }
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`
const source = { id: 's1', title: 'Seakeeper 6 Service Manual', section: 'Oil', page: 12, text: 'Check the oil.' }

const fetchMock = vi.fn<typeof fetch>()
const lastBody = (call = fetchMock.mock.calls.length - 1) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body))

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  useChatStore.getState().reset()
  useChatStore.setState({ expert: 'seakeeper' })
  useToastStore.setState({ current: null })
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

describe('chat stream', () => {
  test('appends text chunks to one assistant message, sets its sources and keeps the conversation id', async () => {
    fetchMock.mockResolvedValueOnce(
      sseResponse([
        event({ meta: { contexts: [source] } }),
        event({ text: 'Check ' }),
        'data: {not json\n\n',
        event({ text: 'the <b>oil</b>.' }),
        event({ conversationId: CONVERSATION }),
        event({ done: true }),
      ]).response,
    )
    const onConversationId = vi.fn()
    const onDone = vi.fn(() => Promise.resolve())
    await useChatStore
      .getState()
      .send({ tenant: 'demo', expert: 'seakeeper', query: '  Low oil alarm? ', onConversationId, onDone })

    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/t/demo/experts/seakeeper/stream')
    expect(init?.method).toBe('POST')
    expect(lastBody()).toEqual({ query: 'Low oil alarm?', filters: { file_subject_type: 'seakeeper' } })
    expect(onConversationId).toHaveBeenCalledWith(CONVERSATION)
    expect(onDone).toHaveBeenCalledOnce()
    // After the pull brought the stored copies, the live ones are dropped.
    const state = useChatStore.getState()
    expect(state.status).toBe('idle')
    expect(state.conversationId).toBe(CONVERSATION)
    expect(state.messages).toEqual([])
    expect(useToastStore.getState().current).toBeNull()
  })

  test('keeps the live messages when the pull after done fails, and reuses the conversation id', async () => {
    fetchMock.mockResolvedValueOnce(
      sseResponse([event({ text: 'Answer one' }), event({ conversationId: CONVERSATION, done: true })]).response,
    )
    await useChatStore.getState().send({
      tenant: 'demo',
      expert: 'seakeeper',
      query: 'first',
      onDone: () => Promise.reject(new Error('offline')),
    })
    const messages = useChatStore.getState().messages
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'first'],
      ['assistant', 'Answer one'],
    ])

    fetchMock.mockResolvedValueOnce(sseResponse([event({ text: 'Answer two' }), event({ done: true })]).response)
    await useChatStore.getState().send({ tenant: 'demo', expert: 'seakeeper', query: 'second' })
    expect(lastBody()).toEqual({
      query: 'second',
      filters: { file_subject_type: 'seakeeper' },
      conversationId: CONVERSATION,
    })
    expect(useChatStore.getState().messages.at(-1)?.content).toBe('Answer two')
  })

  test('ignores a second send while streaming and a blank one', async () => {
    const held = sseResponse([event({ text: 'partial' }), event({ done: true })], { hold: true })
    fetchMock.mockResolvedValueOnce(held.response)
    const first = useChatStore.getState().send({ tenant: 'demo', expert: 'seakeeper', query: 'one' })
    await vi.waitFor(() => expect(useChatStore.getState().messages.at(-1)?.content).toBe('partial'))
    await useChatStore.getState().send({ tenant: 'demo', expert: 'seakeeper', query: 'two' })
    await useChatStore.getState().send({ tenant: 'demo', expert: 'seakeeper', query: '   ' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    held.release()
    await first
    expect(useChatStore.getState().status).toBe('idle')
  })

  test('going back aborts the stream silently', async () => {
    const held = sseResponse([event({ text: 'partial' }), event({ text: ' more' })], { hold: true })
    fetchMock.mockImplementationOnce(async (_url, init) => {
      init?.signal?.addEventListener('abort', () => held.release())
      return held.response
    })
    const sending = useChatStore.getState().send({ tenant: 'demo', expert: 'seakeeper', query: 'one' })
    await vi.waitFor(() => expect(useChatStore.getState().status).toBe('streaming'))
    useChatStore.getState().reset()
    await sending
    expect(useChatStore.getState().messages).toEqual([])
    expect(useChatStore.getState().status).toBe('idle')
    expect(useToastStore.getState().current).toBeNull()
  })

  test.each([
    [
      'a non-OK answer',
      () => new Response('model offline', { status: 503, statusText: 'Service Unavailable' }),
      'HTTP 503: model offline',
    ],
    ['an answer without a body', () => new Response(null, { status: 200 }), 'No response body'],
    [
      'an error event',
      () => sseResponse([event({ error: 'The model refused.' }), event({ done: true })]).response,
      'The model refused.',
    ],
  ])('shows %s in a toast titled Error', async (_name, response, message) => {
    fetchMock.mockResolvedValueOnce(response())
    await useChatStore.getState().send({ tenant: 'demo', expert: 'furuno', query: 'radar?' })
    expect(useToastStore.getState().current).toMatchObject({
      title: 'Error',
      description: message,
      variant: 'destructive',
    })
    expect(useChatStore.getState().status).toBe('idle')
  })

  test('sends images as multipart with filters as JSON text', async () => {
    fetchMock.mockResolvedValueOnce(sseResponse([event({ done: true })]).response)
    const image = { name: 'gyro.png', type: 'image/png' as const, size: 3, data: 'data:image/png;base64,AAEC' }
    await useChatStore.getState().send({ tenant: 'demo', expert: 'seakeeper', query: 'what is this?', images: [image] })
    const form = fetchMock.mock.calls[0]?.[1]?.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(form.get('query')).toBe('what is this?')
    expect(JSON.parse(String(form.get('filters')))).toEqual({ file_subject_type: 'seakeeper' })
    const file = form.get('image_0') as File
    expect(file.name).toBe('gyro.png')
    expect(file.type).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2]))
  })
})
