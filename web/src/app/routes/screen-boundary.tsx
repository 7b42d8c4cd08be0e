import { Component, type ReactNode } from 'react'
import { AppFailure } from './app-failure.tsx'

/** A screen that failed to load or render (e.g. its chunk is missing offline) shows the failure page. */
export class ScreenBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.warn('Screen failed', error)
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false })
  }

  override render() {
    return this.state.failed ? <AppFailure /> : this.props.children
  }
}
