/**
 * Keeps the last view of a screen that shows the device's rows when the page is hidden or left
 * (the moment a tablet switches app or closes it), for the next start to draw at once.
 */
import { currentBuild, forgetViews, keepView, treeOf, viewKey } from './view-tree.ts'

let showing: { rows: string; address: string } | undefined
/** Set at sign-out: the page that is leaving keeps nothing more. */
let stopped = false

/** The screen at `address` shows its rows (`mw:rows:<rows>`); undefined when it goes. */
export function setRowsScreen(screen: typeof showing): void {
  showing = screen
}

function keepNow(userId: string, tenant: string) {
  const root = document.getElementById('root')
  const address = location.pathname + location.search
  if (stopped || !root || !showing || showing.address !== address) return
  const tree = treeOf(root)
  if (tree)
    keepView(localStorage, viewKey(userId, tenant, address), {
      rows: showing.rows,
      build: currentBuild(document),
      tree,
    })
}

/** While the app runs for this user and tenant, keeps the view whenever the page is hidden. */
export function keepLastViews(userId: string, tenant: string): () => void {
  const onHide = () => {
    if (document.visibilityState === 'hidden') keepNow(userId, tenant)
  }
  const onPageHide = () => keepNow(userId, tenant)
  document.addEventListener('visibilitychange', onHide)
  window.addEventListener('pagehide', onPageHide)
  return () => {
    document.removeEventListener('visibilitychange', onHide)
    window.removeEventListener('pagehide', onPageHide)
  }
}

/** Sign-out: nothing of this user's screens stays on the device. */
export function forgetLastViews(userId: string): void {
  stopped = true
  try {
    forgetViews(localStorage, userId)
  } catch {
    // No localStorage: nothing was kept.
  }
}
