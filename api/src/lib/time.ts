/** The server's clock is the only clock that orders anything; device times are labels. */
export const now = (): string => new Date().toISOString()

export const DAY_MS = 24 * 60 * 60 * 1000

export const daysAgo = (days: number, from = Date.now()): string => new Date(from - days * DAY_MS).toISOString()
