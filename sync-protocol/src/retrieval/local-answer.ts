/**
 * The embedded answerer (provider `local`): no model, no network. It quotes the sentences of
 * the retrieved passages that share the most words with the question, grouped by source and
 * cited [n] in the order of meta.contexts, and says plainly when nothing relevant was found.
 */
import type { Expert } from '../common.ts'
import { EXPERT_NAMES } from '../constants.ts'
import type { Retrieval } from './gate.ts'
import { termCoverage } from './terms.ts'

const PER_SOURCE = 3
const TOTAL = 7
const SOURCES_USED = 3

export const nothingFoundText = (expert: Expert) =>
  `I could not find anything about this in the ${EXPERT_NAMES[expert]} knowledge base, so I will not guess. ` +
  'Try naming the component or the symptom differently, or ask an administrator to add the manual that covers it.'

/** The answer as Markdown-style lines (the same shape a model writes). */
export function localAnswerLines(expert: Expert, retrieval: Retrieval, hasImages: boolean): string[] {
  if (retrieval.sources.length === 0) return [nothingFoundText(expert)]
  const lines = [`Here is what the ${EXPERT_NAMES[expert]} knowledge base says:`, '']
  let total = 0
  retrieval.sources.slice(0, SOURCES_USED).forEach((source, index) => {
    if (total >= TOTAL) return
    const picked = bestSentences(source.text, retrieval.terms, Math.min(PER_SOURCE, TOTAL - total))
    if (picked.length === 0) return
    total += picked.length
    const where = [source.section, source.page ? `page ${source.page}` : null].filter(Boolean).join(', ')
    lines.push(`**${source.title}${where ? ` (${where})` : ''}** [${index + 1}]`)
    for (const sentence of picked) lines.push(`- ${sentence}`)
    lines.push('')
  })
  if (hasImages) lines.push('The built-in answerer does not read images; describe what the picture shows in words.', '')
  lines.push('Check these steps against the manual for the specific unit before acting on them.')
  return lines
}

function bestSentences(text: string, terms: string[], max: number): string[] {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
  const ranked = sentences
    .map((sentence, order) => ({ sentence, order, score: termCoverage(sentence, terms) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
  return ranked.sort((a, b) => a.order - b.order).map((s) => s.sentence)
}
