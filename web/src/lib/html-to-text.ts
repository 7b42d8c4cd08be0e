/**
 * A case description is stored as sanitised HTML but shown as the text that was typed:
 * "A &amp; B" reads "A & B", a tag that slipped in shows its text only. Parsed inertly (no
 * script runs, no image loads).
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''
}
