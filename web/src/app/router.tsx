/**
 * The routes of docs/PRODUCT.md (Screens). React Router matches case-insensitively and tolerates a trailing slash
 * by default; every screen is its own chunk (React.lazy) so the signed-in Home loads only itself.
 */
import { DEFAULT_TENANT } from '@mw/sync-protocol'
import { type ComponentType, lazy } from 'react'
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom'
import { NotFound } from './routes/not-found.tsx'
import { TenantLayout } from './routes/tenant-layout.tsx'

function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })))
}

const HomePage = screen(() => import('../features/home/components/home-page.tsx'), 'HomePage')
const FurunoLanding = screen(() => import('../features/chat/components/furuno-landing.tsx'), 'FurunoLanding')
const SeakeeperChat = screen(() => import('../features/chat/components/chat-screens.tsx'), 'SeakeeperChat')
const FurunoChat = screen(() => import('../features/chat/components/chat-screens.tsx'), 'FurunoChat')
const MasterPage = screen(() => import('../features/chat/components/master-page.tsx'), 'MasterPage')
const CasesPage = screen(() => import('../features/cases/components/cases-page.tsx'), 'CasesPage')
const CaseDetailPage = screen(() => import('../features/cases/components/case-detail-page.tsx'), 'CaseDetailPage')
const TrainingPage = screen(() => import('../features/training/components/training-page.tsx'), 'TrainingPage')
const AssignPage = screen(() => import('../features/training/components/assign-page.tsx'), 'AssignPage')
const TakeTrainingPage = screen(
  () => import('../features/training/components/take-training-page.tsx'),
  'TakeTrainingPage',
)
const ReportsPage = screen(() => import('../features/reports/components/reports-page.tsx'), 'ReportsPage')
const DocumentViewer = screen(() => import('../features/chat/components/document-viewer.tsx'), 'DocumentViewer')
const AdminPage = screen(() => import('../features/admin/components/admin-page.tsx'), 'AdminPage')

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/t/${DEFAULT_TENANT}`} replace /> },
  { path: '/t', element: <Navigate to={`/t/${DEFAULT_TENANT}`} replace /> },
  {
    path: '/t/:tenant',
    element: <TenantLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'furuno', element: <FurunoLanding /> },
      { path: 'ask/seakeeper', element: <SeakeeperChat /> },
      { path: 'ask/furuno', element: <FurunoChat /> },
      { path: 'ask/master', element: <MasterPage /> },
      { path: 'cases', element: <CasesPage /> },
      { path: 'cases/:id', element: <CaseDetailPage /> },
      { path: 'training', element: <TrainingPage /> },
      { path: 'training/assign', element: <AssignPage /> },
      { path: 'training/take/:assignmentId', element: <TakeTrainingPage /> },
      { path: 'reports', element: <ReportsPage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: 'documents/:id', element: <DocumentViewer /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <NotFound /> },
]

/** Declarative routing (no data router): the app reads its data from IndexedDB, not route loaders. */
export function AppRoutes() {
  return useRoutes(routes)
}
