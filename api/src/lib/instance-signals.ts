/**
 * Messages between the API instances sharing a database: on PostgreSQL through LISTEN/NOTIFY on
 * one connection of its own, so what one instance is asked (stop an answer another is writing)
 * reaches the instance doing it; with SQLite there is one process, and they stay in it.
 */
import { EventEmitter } from 'node:events'
import pg from 'pg'
import { isPostgresUrl } from '../db/database.ts'

const CHANNEL = 'mw_signals'

export interface InstanceSignals {
  /** Whether other processes may hear them (PostgreSQL): only then is an answer worth waiting for. */
  shared: boolean
  /** Tells every instance, this one included. */
  publish(topic: string, payload: string): Promise<void>
  subscribe(topic: string, handler: (payload: string) => void): () => void
  close(): Promise<void>
}

/** One process's signals: SQLite's single instance, and tests. */
export function inProcessSignals(): InstanceSignals {
  const events = new EventEmitter()
  return {
    shared: false,
    publish: async (topic, payload) => {
      events.emit(topic, payload)
    },
    subscribe(topic, handler) {
      events.on(topic, handler)
      return () => events.off(topic, handler)
    },
    close: async () => {
      events.removeAllListeners()
    },
  }
}

async function overPostgres(url: string, onError: (error: unknown) => void): Promise<InstanceSignals> {
  const local = inProcessSignals()
  const client = new pg.Client({ connectionString: url })
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return
    try {
      const { topic, payload } = JSON.parse(message.payload) as { topic: string; payload: string }
      void local.publish(topic, payload)
    } catch (error) {
      onError(error)
    }
  })
  client.on('error', onError)
  await client.connect()
  await client.query(`LISTEN ${CHANNEL}`)
  return {
    shared: true,
    publish: async (topic, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, payload })])
    },
    subscribe: local.subscribe,
    close: async () => {
      await local.close()
      await client.end()
    },
  }
}

export function openInstanceSignals(database: string, onError: (error: unknown) => void): Promise<InstanceSignals> {
  return isPostgresUrl(database) ? overPostgres(database, onError) : Promise.resolve(inProcessSignals())
}
