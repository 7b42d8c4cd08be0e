import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../components/ui/toast-store.ts'
import { useChatStore } from './store.ts'

const CONVERSATION = '0190f5a2-7b3c-7d4e-8f00-000000000001'
const QUESTION = '0190f5a2-7b3c-7d4e-8f00-000000000002'
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
  useChatStore.setState({ ...useChatStore.getInitialState(), expert: 'seakeeper' })
  useToastStore.setState({ current: null })
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

const follow = (expert: 'seakeeper' | 'furuno' = 'seakeeper') =>
  useChatStore
    .getState()
    .follow({ tenant: 'demo', expert, conversationId: CONVERSATION, questionId: QUESTION, query: 'Low oil alarm?' })

describe('following an answer', () => {
  test('streams text into one live answer with its sources, asking by the question id', async () => {
    fetchMock.mockResolvedValueOnce(
      sseResponse([
        event({ meta: { contexts: [source] } }),
        event({ text: 'Check ' }),
        'data: {not json\n\n',
        event({ text: 'the <b>oil</b>.' }),
        event({ done: true, conversationId: CONVERSATION }),
      ]).response,
    )
    expect(await follow()).toBe('done')

    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/t/demo/experts/seakeeper/stream')
    expect(init?.method).toBe('POST')
    expect(lastBody()).toEqual({
      query: 'Low oil alarm?',
      filters: { file_subject_type: 'seakeeper' },
      conversationId: CONVERSATION,
      messageId: QUESTION,
    })
    const state = useChatStore.getState()
    expect(state.status).toBe('idle')
    // Kept until the pull brings the stored answer.
    expect(state.answer).toMatchObject({ questionId: QUESTION, content: 'Check the <b>oil</b>.', sources: [source] })
    expect(state.followed[QUESTION]).toEqual({ outcome: 'done', tries: 1 })
    expect(useToastStore.getState().current).toBeNull()
  })

  test.each([
    ['the request fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server is unavailable', () => Promise.resolve(new Response('busy', { status: 503 }))],
    ['too many requests', () => Promise.resolve(new Response('slow down', { status: 429 }))],
    [
      'the stream breaks mid-way',
      () =>
        Promise.resolve(
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(encoder.encode(event({ text: 'Half an ' })))
                controller.error(new TypeError('network error'))
              },
            }),
          ),
        ),
    ],
  ])('a cut stream (%s) shows no error and no half answer, to be followed again', async (_name, respond) => {
    fetchMock.mockImplementationOnce(respond)
    expect(await follow()).toBe('cut')
    expect(useChatStore.getState().answer).toBeNull()
    expect(useChatStore.getState().status).toBe('idle')
    expect(useToastStore.getState().current).toBeNull()

    fetchMock.mockResolvedValueOnce(sseResponse([event({ text: 'Whole answer' }), event({ done: true })]).response)
    expect(await follow()).toBe('done')
    expect(useChatStore.getState().answer?.content).toBe('Whole answer')
    expect(useChatStore.getState().followed[QUESTION]?.tries).toBe(2)
  })

  test.each([
    [
      'the sentence of a refusal, not its status and JSON',
      () => new Response('{"error":{"code":"not_found","message":"Gone."}}', { status: 404 }),
      'Gone.',
    ],
    ['an answer without a body', () => new Response(null, { status: 200 }), 'No response body'],
    [
      'an error event',
      () => sseResponse([event({ error: 'The model refused.' }), event({ done: true })]).response,
      'The model refused.',
    ],
  ])('shows %s in a toast titled Error and is not followed again by itself', async (_name, response, message) => {
    fetchMock.mockResolvedValueOnce(response())
    expect(await follow('furuno')).toBe('refused')
    expect(useToastStore.getState().current).toMatchObject({
      title: 'Error',
      description: message,
      variant: 'destructive',
    })
    expect(useChatStore.getState().status).toBe('idle')
    expect(useChatStore.getState().followed[QUESTION]?.outcome).toBe('refused')
  })

  test('going back aborts the stream silently', async () => {
    const held = sseResponse([event({ text: 'partial' }), event({ text: ' more' })], { hold: true })
    fetchMock.mockImplementationOnce(async (_url, init) => {
      init?.signal?.addEventListener('abort', () => held.release())
      return held.response
    })
    const following = follow()
    await vi.waitFor(() => expect(useChatStore.getState().answer?.content).toBe('partial'))
    useChatStore.getState().reset()
    expect(await following).toBe('aborted')
    expect(useChatStore.getState().answer).toBeNull()
    expect(useChatStore.getState().status).toBe('idle')
    expect(useToastStore.getState().current).toBeNull()
  })
})

describe('stopping an answer', () => {
  test('asks the server to stop it and keeps what arrived; the stream then ends with done', async () => {
    const held = sseResponse([event({ text: '<p>partial</p>' }), event({ done: true, conversationId: CONVERSATION })], {
      hold: true,
    })
    fetchMock.mockResolvedValueOnce(held.response)
    fetchMock.mockImplementationOnce(async () => {
      held.release()
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
    const following = follow()
    await vi.waitFor(() => expect(useChatStore.getState().answer?.content).toBe('<p>partial</p>'))
    await useChatStore.getState().stop('demo')
    expect(fetchMock.mock.calls[1]?.[0]).toBe(`/api/t/demo/messages/${QUESTION}/stop`)
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST')
    expect(await following).toBe('done')
    expect(useChatStore.getState().answer?.content).toBe('<p>partial</p>')
  })

  test('stops following here when the server cannot be told', async () => {
    const held = sseResponse([event({ text: 'partial' }), event({ text: ' more' })], { hold: true })
    fetchMock.mockImplementationOnce(async (_url, init) => {
      init?.signal?.addEventListener('abort', () => held.release())
      return held.response
    })
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const following = follow()
    await vi.waitFor(() => expect(useChatStore.getState().answer?.content).toBe('partial'))
    await useChatStore.getState().stop('demo')
    expect(await following).toBe('aborted')
    expect(useChatStore.getState().status).toBe('idle')
  })
})
