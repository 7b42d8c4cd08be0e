/**
 * Sub-headings set as a block's first line in bold at a link target, as hand-written and man2html
 * pages write them: socat's `<a name="GROUP_PTY"></a><em><strong>PTY option group</strong></em>`,
 * xnec2c's `<b><a name="Operation">4. Operation:</a></b><br>`. Bold text alone is emphasis or a
 * label, and a list's or a table's bold line names its item, so only a short line, no sentence,
 * with an anchor and outside lists and tables, heads what follows. On a page with no <h1>-<h6> at
 * all, as old hand-written ones are (RTKLIB's `<p><b><u>New Features in ver.2.4.2</u></b></p>`),
 * such a line heads what follows without an anchor too: bold is all the page has for headings.
 */
const BOLD = new Set(['b', 'strong'])
const CONTAINERS = new Set(['ul', 'ol', 'dl', 'table'])
const MAX_HEADING_CHARS = 80

export class LeadLine {
  /** Whether the page has no headings of its own, so that a bold line needs no anchor to be one. */
  private readonly headingless: boolean

  constructor(headingless = false) {
    this.headingless = headingless
  }

  private bold = 0
  private containers = 0
  private anchored = false
  private inBold = false
  private plain = false

  open(name: string, attrs: Record<string, string>): void {
    if (BOLD.has(name)) this.bold++
    else if (CONTAINERS.has(name)) this.containers++
    else if (name === 'a' && (attrs.name || attrs.id)) this.anchored = true
  }

  close(name: string): void {
    if (BOLD.has(name)) this.bold = Math.max(0, this.bold - 1)
    else if (CONTAINERS.has(name)) this.containers = Math.max(0, this.containers - 1)
  }

  /** Text written on a block's first line. */
  wrote(text: string): void {
    if (!/[\p{L}\p{N}]/u.test(text)) return
    if (this.bold > 0) this.inBold = true
    else this.plain = true
  }

  /** The heading a block's first line makes, else null; either way the next line starts afresh. */
  heading(line: string): string | null {
    const text = line.replace(/\s+/g, ' ').trim().replace(/:$/, '')
    const isHeading =
      (this.anchored || this.headingless) &&
      this.inBold &&
      !this.plain &&
      this.containers === 0 &&
      text.length <= MAX_HEADING_CHARS &&
      /\p{L}/u.test(text) &&
      !/[.!?]$/.test(text)
    this.anchored = false
    this.inBold = false
    this.plain = false
    return isHeading ? text : null
  }
}
