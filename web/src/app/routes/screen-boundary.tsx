import { Component, type ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { AppFailure } from './app-failure.tsx'

/** What browsers throw when a lazily loaded screen's file cannot be fetched. */
const isMissingChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(error.message)

/**
 * A screen that failed to load or render shows the failure page; a screen whose file is not on the
 * device yet (cached on first use, and this device is offline) says so instead.
 */
export class ScreenBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: 'missing' | 'broken' | null }
> {
  override state: { failed: 'missing' | 'broken' | null } = { failed: null }

  static getDerivedStateFromError(error: unknown) {
    return { failed: isMissingChunk(error) ? 'missing' : 'broken' }
  }

  override componentDidCatch(error: unknown) {
    console.warn('Screen failed', error)
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: null })
  }

  override render() {
    if (this.state.failed === 'missing') {
      return (
        <EmptyState
          title="Not on this device yet"
          text="This screen is downloaded the first time it is opened with a connection. Open it again when the device is online."
        >
          {/* A screen that failed to load stays failed until the page loads again. */}
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </EmptyState>
      )
    }
    return this.state.failed ? <AppFailure /> : this.props.children
  }
}
