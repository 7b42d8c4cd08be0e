/**
 * The retrieval core the server and the device share (`@mw/sync-protocol/retrieval`, kept out of
 * the main entry so the app's first load does not carry it): search terms, the relevance gate,
 * the built-in answerer, and BM25 for the manuals kept on a device.
 */

export { escapeHtml } from '../chat-text.ts'
export * from './answer-odds.ts'
export * from './asides.ts'
export * from './asked.ts'
export * from './bm25.ts'
export * from './compounds.ts'
export * from './equipment.ts'
export * from './gate.ts'
export * from './local-answer.ts'
export * from './names.ts'
export * from './search-kept.ts'
export * from './sentences.ts'
export * from './subject.ts'
export * from './synonyms.ts'
export * from './terms.ts'
export * from './typos.ts'
export type { TermStats } from './weights.ts'
