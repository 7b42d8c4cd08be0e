/**
 * The last view of a screen, kept on the device so that the next start shows it at once: the
 * screen's DOM as a plain tree of allowed elements, attributes and text (never HTML, so nothing is
 * parsed when it comes back and no script can ride along), stored in localStorage under the
 * signed-in user, the tenant and the address. Elements marked `data-live` (the sync status) keep
 * their place but not their content, which would be stale. The boot script (`restore.ts`) draws
 * it before the app's code has loaded; React replaces it with the live screen.
 */

/** An element: tag, attributes, children; or a text node. */
export type ViewNode = string | [tag: string, attributes: Record<string, string>, children: ViewNode[]]

export interface KeptView {
  /** The `mw:rows:<name>` mark of the screen's rows, set again when the view is drawn. */
  rows: string
  /** The app build that drew it: after an update its markup may not fit the new styles. */
  build: string
  tree: ViewNode[]
}

/** The running build, named by the app's entry (its name changes with every build; restore.ts starts it). */
export const currentBuild = (document: Document) => {
  const entry = document.querySelector('link[data-app-entry], script[type="module"][src]')
  return entry?.getAttribute('href') ?? entry?.getAttribute('src') ?? ''
}

const HTML_TAGS = new Set(
  'div span p a ul ol li h1 h2 h3 h4 h5 h6 header nav main section article aside footer button table thead tbody tr th td strong em b i small time label select option textarea input dl dt dd hr br blockquote pre code figure figcaption'.split(
    ' ',
  ),
)
const SVG_TAGS = new Set('svg g path circle rect line polyline polygon ellipse'.split(' '))
const ATTRIBUTES = new Set(
  'class role title alt type disabled placeholder rows cols colspan rowspan datetime for name style viewBox d fill stroke stroke-width stroke-linecap stroke-linejoin cx cy r rx ry x y x1 y1 x2 y2 width height points xmlns focusable'.split(
    ' ',
  ),
)
const SVG_NS = 'http://www.w3.org/2000/svg'
/** A view bigger than this is not kept: a long conversation is not worth a full localStorage. */
export const MAX_VIEW_CHARS = 200_000
/** Views kept per device (the newest); each screen's last address only. */
export const MAX_VIEWS = 6
const MAX_NODES = 4_000

const allowedAttribute = (name: string) => ATTRIBUTES.has(name) || name.startsWith('aria-') || name.startsWith('data-')
/** Only the app's own addresses: a kept link can never lead elsewhere or run script. */
const sameOriginPath = (href: string) => href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')

/** The tree of `root`'s children, or undefined when it holds more than a view should. */
export function treeOf(root: Element): ViewNode[] | undefined {
  let count = 0
  const walk = (node: Node): ViewNode | undefined => {
    if (++count > MAX_NODES) throw new RangeError('view too large')
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (node.nodeType !== Node.ELEMENT_NODE) return undefined
    const element = node as Element
    const tag = element.localName
    if (!HTML_TAGS.has(tag) && !SVG_TAGS.has(tag)) return undefined
    // State that is only true now (the sync status) keeps its place in the layout, not its content.
    if (element.hasAttribute('data-live')) return [tag, { class: element.getAttribute('class') ?? '' }, []]
    const attributes: Record<string, string> = {}
    for (const { name, value } of Array.from(element.attributes)) {
      if (allowedAttribute(name)) attributes[name] = value
      else if (name === 'href' && sameOriginPath(value)) attributes[name] = value
    }
    const children: ViewNode[] = []
    for (const child of Array.from(element.childNodes)) {
      const kept = walk(child)
      if (kept !== undefined) children.push(kept)
    }
    return [tag, attributes, children]
  }
  try {
    return Array.from(root.childNodes)
      .map(walk)
      .filter((n) => n !== undefined)
  } catch {
    return undefined
  }
}

/** Builds `tree` with the DOM's own constructors, checking every name again (storage is not trusted). */
export function nodesOf(tree: unknown, document: Document, inSvg = false): Node[] {
  if (!Array.isArray(tree)) return []
  const nodes: Node[] = []
  for (const item of tree) {
    if (typeof item === 'string') {
      nodes.push(document.createTextNode(item))
      continue
    }
    if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'object' || !item[1]) continue
    const [tag, attributes, children] = item as [string, Record<string, unknown>, unknown]
    const svg = inSvg || tag === 'svg'
    if (!(svg ? SVG_TAGS : HTML_TAGS).has(tag)) continue
    const element = svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag)
    for (const [name, value] of Object.entries(attributes)) {
      if (typeof value !== 'string') continue
      if (allowedAttribute(name) || (name === 'href' && sameOriginPath(value))) element.setAttribute(name, value)
    }
    element.append(...nodesOf(children, document, svg))
    nodes.push(element)
  }
  return nodes
}

const PREFIX = 'mw:view:'
const INDEX_KEY = 'mw:views'

export const viewKey = (userId: string, tenant: string, address: string) => `${PREFIX}${userId}:${tenant}:${address}`

function storedIndex(storage: Storage): string[] {
  try {
    const index = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]')
    return Array.isArray(index) ? index.filter((k): k is string => typeof k === 'string') : []
  } catch {
    return []
  }
}

/** Keeps `view` under `key`, the newest of at most MAX_VIEWS; a full storage only costs the quick start. */
export function keepView(storage: Storage, key: string, view: KeptView): void {
  const text = JSON.stringify(view)
  const index = storedIndex(storage).filter((k) => k !== key)
  try {
    if (text.length > MAX_VIEW_CHARS) {
      storage.removeItem(key)
    } else {
      storage.setItem(key, text)
      index.unshift(key)
    }
    for (const old of index.splice(MAX_VIEWS)) storage.removeItem(old)
    storage.setItem(INDEX_KEY, JSON.stringify(index))
  } catch {
    storage.removeItem(key)
  }
}

/** The kept view under `key`, if it is one and `build` drew it. */
export function keptView(storage: Storage, key: string, build: string): KeptView | undefined {
  try {
    const view = JSON.parse(storage.getItem(key) ?? 'null')
    return view && typeof view.rows === 'string' && view.build === build && Array.isArray(view.tree) ? view : undefined
  } catch {
    return undefined
  }
}

/** Forgets every kept view of `userId` (sign-out), or of everyone. */
export function forgetViews(storage: Storage, userId?: string): void {
  const index = storedIndex(storage)
  const gone = index.filter((k) => userId === undefined || k.startsWith(`${PREFIX}${userId}:`))
  for (const key of gone) storage.removeItem(key)
  storage.setItem(INDEX_KEY, JSON.stringify(index.filter((k) => !gone.includes(k))))
}
