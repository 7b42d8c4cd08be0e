import type { Expert } from '@mw/sync-protocol'
import { useNavigate } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { Tooltip } from '../../../components/ui/tooltip.tsx'
import { useTenant } from '../../../lib/use-tenant.ts'

/** Back to the start view, the title, Create case and New conversation (always one tap away). */
export function ConversationHeader({
  expert,
  title,
  conversationId,
  busy,
  onBack,
  onNew,
}: {
  expert: Expert
  title: string
  conversationId: string | null
  busy: boolean
  onBack: () => void
  onNew: () => void
}) {
  const tenant = useTenant()
  const navigate = useNavigate()
  return (
    <header className="chat-header">
      <Button variant="ghost" aria-label="Back" onClick={onBack}>
        ← Back
      </Button>
      <h1 className="chat-title">{title}</h1>
      {conversationId && (
        <Tooltip label="Open a service case from this conversation">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              navigate(
                `/t/${tenant}/cases?${new URLSearchParams({ new: '1', conversation: conversationId, expert, title })}`,
              )
            }
          >
            Create case
          </Button>
        </Tooltip>
      )}
      <Button onClick={onNew}>New conversation</Button>
    </header>
  )
}
