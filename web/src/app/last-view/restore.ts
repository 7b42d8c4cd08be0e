/**
 * The boot script, inline in index.html right after #root (scripts/restore-view-plugin.ts), run
 * while the page is parsed, before the app's modules: draws the kept last view of the address for
 * the remembered user, so a warm start shows the device's rows while the app's code loads. It is
 * inert and hidden from assistive technology (nothing in it can be pressed or read out before the
 * app is there; screen readers and tests find the live screen only), and React's first render
 * replaces it. Nothing is drawn for another user, another tenant, another build of the app or an
 * address never kept.
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

function restore() {
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
  // Marked once the frame that shows the rows is out, as the live screen's mark is.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (root.contains(nodes[0] ?? null)) performance.mark(`mw:rows:${view.rows}`)
    }),
  )
}

restore()
