import type { Case } from '@mw/sync-protocol'
import { act, cleanup, render } from '@testing-library/react'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, it } from 'vitest'
import { casesQuery } from '../features/cases/queries.ts'
import { deviceCase } from '../test/device-case.ts'
import { useDeviceQuery, warmRead } from './device-query.ts'
import { openLocalDb } from './local-db.ts'
import { LocalDbProvider } from './local-db-context.tsx'

const aCase = (title: string): Case => deviceCase(uuidv7(), { title, expert: 'seakeeper' })

function CaseTitles({ drawn }: { drawn: (string[] | undefined)[] }) {
  drawn.push(useDeviceQuery(casesQuery('all'))?.map((c) => c.title))
  return null
}

/** Every value the screen drew, in order: what a person saw frame by frame. */
function drawnBy(userId: string) {
  const drawn: (string[] | undefined)[] = []
  const screen = (
    <LocalDbProvider userId={userId} tenant="demo">
      <CaseTitles drawn={drawn} />
    </LocalDbProvider>
  )
  return { drawn, screen }
}

afterEach(cleanup)

describe('a device query', () => {
  it("draws a warm read's rows in its first frame, then answers live", async () => {
    const userId = uuidv7()
    const db = openLocalDb(userId, 'demo')
    await db.cases.bulkPut([aCase('Gyro noise'), aCase('Radar dark')])
    await warmRead(db, casesQuery('all'))
    const { drawn, screen } = drawnBy(userId)
    await act(async () => {
      render(screen)
    })
    expect(drawn[0]?.sort()).toEqual(['Gyro noise', 'Radar dark'])
    await act(() => db.cases.put(aCase('Seal leak')))
    await expect.poll(() => drawn.at(-1)?.length).toBe(3)
  })

  it('without a warm read waits for its live query, and a warm read is not drawn again once its screen has gone', async () => {
    const userId = uuidv7()
    const db = openLocalDb(userId, 'demo')
    await db.cases.put(aCase('Gyro noise'))
    const cold = drawnBy(userId)
    await act(async () => {
      render(cold.screen)
    })
    expect(cold.drawn[0]).toBeUndefined()
    await expect.poll(() => cold.drawn.at(-1)).toEqual(['Gyro noise'])
    cleanup()

    await warmRead(db, casesQuery('all'))
    const warm = drawnBy(userId)
    await act(async () => {
      render(warm.screen)
    })
    await expect.poll(() => warm.drawn.at(-1)).toEqual(['Gyro noise'])
    cleanup()
    // The live answer took over: a case added since must not be hidden behind the old warm rows.
    await db.cases.put(aCase('Radar dark'))
    const later = drawnBy(userId)
    await act(async () => {
      render(later.screen)
    })
    expect(later.drawn.filter((titles) => titles?.length === 1)).toEqual([])
    await expect.poll(() => later.drawn.at(-1)?.length).toBe(2)
  })
})
