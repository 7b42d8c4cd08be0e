/**
 * The boot script, inline in index.html right after #root (scripts/restore-view-plugin.ts), run
 * while the page is parsed, before the app's modules: draws the kept last view of the address for
 * the remembered user, so a warm start shows the device's rows while the app's code loads. It is
 * inert and hidden from assistive technology (nothing in it can be pressed or read out before the
 * app is there; screen readers and tests find the live screen only), and React's first render
 * replaces it. Nothing is drawn for another user, another tenant, another build of the app or an
 * address never kept.
 *
 * It also starts the app: index.html only preloads the app's entry (scripts/restore-view-plugin.ts),
 * and this script adds it once the frame that shows the kept view is out. Run as the page's
 * parsing ends, the app's first-load code (~40 ms) would otherwise come before that frame.
 */
import { currentBuild, keptView, nodesOf, viewKey } from './view-tree.ts'

function rememberedUser(): { id: string; tenants: string[] } | undefined {
  try {
    const user = JSON.parse(localStorage.getItem('mw:remembered-user') ?? 'null')
    if (typeof user?.id !== 'string' || !Array.isArray(user.tenants)) return undefined
    return { id: user.id, tenants: user.tenants.map((t: { slug?: unknown }) => t?.slug) }
  } catch {
    return undefined
  }
}

/** Draws the kept view; the name of its rows' mark when it did. */
function restore(): string | undefined {
  const root = document.getElementById('root')
  const tenant = /^\/t\/([^/]+)/.exec(location.pathname)?.[1]
  const user = rememberedUser()
  if (!root || root.childNodes.length > 0 || !tenant || !user?.tenants.includes(tenant)) return
  const key = viewKey(user.id, tenant, location.pathname + location.search)
  const view = keptView(localStorage, key, currentBuild(document))
  if (!view) return
  const nodes = nodesOf(view.tree, document)
  for (const node of nodes) {
    if (!(node instanceof Element)) continue
    node.setAttribute('inert', '')
    node.setAttribute('aria-hidden', 'true')
  }
  root.append(...nodes)
  performance.mark('mw:view-restored')
  return view.rows
}

interface BootPolicyFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL: (url: string) => string },
  ): {
    createScriptURL(url: string): unknown
  }
}

function startApp() {
  const entry = document.querySelector('link[data-app-entry]')?.getAttribute('href')
  // The dev server's index.html loads the app itself.
  if (!entry) return
  // The page takes script URLs only through Trusted Types: this policy passes the entry and nothing else.
  const policy = (window as { trustedTypes?: BootPolicyFactory }).trustedTypes?.createPolicy('boot', {
    createScriptURL: (url) => {
      if (url !== entry) throw new TypeError(`Refused ${url}: the boot script starts the app's entry only.`)
      return url
    },
  })
  const script = document.createElement('script')
  script.type = 'module'
  script.crossOrigin = ''
  script.src = (policy?.createScriptURL(entry) ?? entry) as string
  performance.mark('mw:app-started')
  document.body.append(script)
}

/** Once: after the frame that shows the view, or a hidden page's wait (it draws no frames). */
function afterFrame(run: () => void) {
  let done = false
  const once = () => {
    if (!done) run()
    done = true
  }
  requestAnimationFrame(() => setTimeout(once))
  setTimeout(once, 500)
}

let rows: string | undefined
try {
  rows = restore()
} catch {
  // A storage the browser refuses or a damaged view only costs the quick start.
}
if (rows === undefined) startApp()
else
  afterFrame(() => {
    // Marked once the frame that shows the rows is out, as the live screen's mark is.
    if (document.querySelector('#root > [inert]')) performance.mark(`mw:rows:${rows}`)
    startApp()
  })
