/**
 * The routes of docs/PRODUCT.md (Screens). React Router matches case-insensitively and tolerates a trailing slash
 * by default; every screen is its own chunk (loaded on first use) so the signed-in Home loads only itself.
 */
import { RECENT_CONVERSATIONS } from '@mw/sync-protocol'
import { type ComponentType, isValidElement, type LazyExoticComponent, lazy } from 'react'
import { matchRoutes, type Params, type RouteObject, useRoutes } from 'react-router-dom'
import type { DeviceQuery } from '../db/device-query.ts'
import { casesQuery } from '../features/cases/queries.ts'
import { conversationQuery } from '../features/chat/queries.ts'
import { recentConversationsQuery } from '../lib/recent-conversations-query.ts'
import { NotFound } from './routes/not-found.tsx'
import { RootRedirect } from './routes/root-redirect.tsx'
import { TenantLayout } from './routes/tenant-layout.tsx'

interface LazyScreen {
  /** Fetches the screen's chunk, once. */
  load: () => Promise<ComponentType>
  /** The screen, once its chunk is in. */
  loaded?: ComponentType
  /** The screen while its chunk is not in (or failed: its boundary says why). */
  lazy: LazyExoticComponent<ComponentType>
}

function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  let loading: Promise<ComponentType> | undefined
  const lazyScreen: LazyScreen = {
    load: () => {
      loading ??= load().then((m) => {
        lazyScreen.loaded = m[name]
        return m[name]
      })
      return loading
    },
    lazy: lazy(() => lazyScreen.load().then((component) => ({ default: component }))),
  }
  return lazyScreen
}

/** The device query a screen shows first, from its address: what a warm start reads before React draws. */
type WarmQuery = (params: Params, search: URLSearchParams) => DeviceQuery<unknown>

/**
 * Draws a screen. One the start preloaded draws at once: React.lazy suspends for a tick even when
 * its chunk is in, and a Suspense fallback once shown holds the screen back for React's 300 ms
 * reveal throttle. `warm` is for `screenAt`.
 */
function Screen({ screen }: { screen: LazyScreen; warm?: WarmQuery }) {
  const Component = screen.loaded ?? screen.lazy
  return <Component />
}

const HomePage = screen(() => import('../features/home/components/home-page.tsx'), 'HomePage')
const FurunoLanding = screen(() => import('../features/chat/components/furuno-landing.tsx'), 'FurunoLanding')
const SeakeeperChat = screen(() => import('../features/chat/components/chat-screens.tsx'), 'SeakeeperChat')
const FurunoChat = screen(() => import('../features/chat/components/chat-screens.tsx'), 'FurunoChat')
const MasterPage = screen(() => import('../features/chat/components/master-page.tsx'), 'MasterPage')
const CasesPage = screen(() => import('../features/cases/components/cases-page.tsx'), 'CasesPage')
const CaseDetailPage = screen(() => import('../features/cases/components/case-detail-page.tsx'), 'CaseDetailPage')
const TrainingPage = screen(() => import('../features/training/components/training-page.tsx'), 'TrainingPage')
const TrainingEditorPage = screen(
  () => import('../features/training/components/training-editor-page.tsx'),
  'TrainingEditorPage',
)
const MyTrainingPage = screen(() => import('../features/training/components/my-training-page.tsx'), 'MyTrainingPage')
const AssignPage = screen(() => import('../features/training/components/assign-page.tsx'), 'AssignPage')
const TakeTrainingPage = screen(
  () => import('../features/training/components/take-training-page.tsx'),
  'TakeTrainingPage',
)
const ReportsPage = screen(() => import('../features/reports/components/reports-page.tsx'), 'ReportsPage')
const DocumentViewer = screen(() => import('../features/chat/components/document-viewer.tsx'), 'DocumentViewer')
const AdminPage = screen(() => import('../features/admin/components/admin-page.tsx'), 'AdminPage')

const conversationInAddress: WarmQuery = (_, search) => conversationQuery(search.get('conversation'))

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/t', element: <RootRedirect /> },
  {
    path: '/t/:tenant',
    element: <TenantLayout />,
    children: [
      {
        index: true,
        element: <Screen screen={HomePage} warm={() => recentConversationsQuery(RECENT_CONVERSATIONS.dashboard)} />,
      },
      { path: 'furuno', element: <Screen screen={FurunoLanding} /> },
      { path: 'ask/seakeeper', element: <Screen screen={SeakeeperChat} warm={conversationInAddress} /> },
      { path: 'ask/furuno', element: <Screen screen={FurunoChat} warm={conversationInAddress} /> },
      { path: 'ask/master', element: <Screen screen={MasterPage} /> },
      { path: 'cases', element: <Screen screen={CasesPage} warm={() => casesQuery('all')} /> },
      { path: 'cases/:id', element: <Screen screen={CaseDetailPage} /> },
      { path: 'training', element: <Screen screen={TrainingPage} /> },
      { path: 'training/assign', element: <Screen screen={AssignPage} /> },
      { path: 'training/mine', element: <Screen screen={MyTrainingPage} /> },
      { path: 'training/sets/:id', element: <Screen screen={TrainingEditorPage} /> },
      { path: 'training/take/:assignmentId', element: <Screen screen={TakeTrainingPage} /> },
      { path: 'reports', element: <Screen screen={ReportsPage} /> },
      { path: 'admin', element: <Screen screen={AdminPage} /> },
      { path: 'documents/:id', element: <Screen screen={DocumentViewer} /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <NotFound /> },
]

/**
 * The screen an address shows: `load` fetches its chunk (settling once it is in or has failed; its
 * boundary shows why), `query` is the device read it shows first, if it has one, and `tenant` the
 * workspace in the address.
 */
export function screenAt(pathname: string, search: string) {
  const match = matchRoutes(routes, pathname)?.at(-1)
  const leaf = match?.route.element
  if (!match || !isValidElement<{ screen: LazyScreen; warm?: WarmQuery }>(leaf) || leaf.type !== Screen) return null
  const { screen, warm } = leaf.props
  return {
    load: () =>
      screen.load().then(
        () => undefined,
        () => undefined,
      ),
    query: warm?.(match.params, new URLSearchParams(search)) ?? null,
    tenant: match.params.tenant?.toLowerCase() ?? null,
  }
}

/** Declarative routing (no data router): the app reads its data from IndexedDB, not route loaders. */
export function AppRoutes() {
  return useRoutes(routes)
}
