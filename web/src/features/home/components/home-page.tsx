import { RECENT_CONVERSATIONS } from '@mw/sync-protocol'
import { Link, useNavigate } from 'react-router-dom'
import { MyTraining } from '../../../components/my-training.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Icon, type IconName } from '../../../components/ui/icon.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ConversationList } from '../../../lib/conversation-list.tsx'
import { firstNameOrUser } from '../../../lib/display-name.ts'
import { useInstallPrompt } from '../../../lib/install-prompt.ts'
import { useRowsVisibleMark } from '../../../lib/rows-visible-mark.ts'
import { useCurrentUser, useRole } from '../../../lib/session-store.ts'
import { useRecentConversations } from '../../../lib/use-recent-conversations.ts'
import { useTenant } from '../../../lib/use-tenant.ts'

export function HomePage() {
  const tenant = useTenant()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const install = useInstallPrompt()
  const recent = useRecentConversations(RECENT_CONVERSATIONS.dashboard)
  useRowsVisibleMark('home-recent', (recent?.length ?? 0) > 0)
  const base = `/t/${tenant}`
  const assigns = ['Manager', 'Admin'].includes(useRole(tenant) ?? '')
  const actions: { to: string; title: string; text: string; icon: IconName }[] = [
    {
      to: `${base}/ask/seakeeper`,
      title: 'Ask Seakeeper',
      text: 'Gyro stabilizer troubleshooting and service',
      icon: 'anchor',
    },
    { to: `${base}/ask/furuno`, title: 'Ask Furuno', text: 'Radar, sonar, GPS and NMEA networks', icon: 'radar' },
    { to: `${base}/cases`, title: 'Cases', text: 'Open, track and resolve service cases', icon: 'folder' },
    {
      to: `${base}/training`,
      title: 'Training',
      text: assigns ? 'Build and assign training sets' : 'Take the training assigned to you',
      icon: 'cap',
    },
  ]
  return (
    <div className="page">
      <header className="page-header">
        <h1>Welcome back, {firstNameOrUser(user)}</h1>
        <p className="muted">What are you working on today?</p>
      </header>
      {install && (
        <section className="card install-card" aria-label="Install the app">
          <p>Install the app on this device: it opens from the home screen, with no network too.</p>
          <Button onClick={() => void install()}>Install app</Button>
        </section>
      )}
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="section-title">
          Quick actions
        </h2>
        <div className="card-grid">
          {actions.map((a) => (
            <Link key={a.to} to={a.to} className="card action-card">
              <span className="action-icon">
                <Icon name={a.icon} size={28} />
              </span>
              <span className="action-title">{a.title}</span>
              <span className="muted">{a.text}</span>
            </Link>
          ))}
        </div>
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title" className="section-title">
          Recent conversations
        </h2>
        {recent === undefined ? (
          <Skeleton rows={3} />
        ) : recent.length === 0 ? (
          <EmptyState title="No conversations yet" text="Ask an expert and your conversations show up here." />
        ) : (
          <ConversationList
            conversations={recent}
            onOpen={(c) => navigate(`${base}/ask/${c.agentId}?conversation=${c.id}`)}
          />
        )}
      </section>
      <MyTraining limit={3} />
    </div>
  )
}
