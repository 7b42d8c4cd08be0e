import { PRODUCT_NAME } from '@mw/sync-protocol'
import { useState } from 'react'
import { Icon, type IconName } from '../../../components/ui/icon.tsx'

const FEATURES: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'AI Expert Assistance',
    text: 'Ask the Seakeeper stabilizer and Furuno electronics experts; answers cite the manuals they come from.',
    icon: 'spark',
  },
  {
    title: 'Case Management',
    text: 'Track every service job from open to resolved, with notes and a full history.',
    icon: 'folder',
  },
  {
    title: 'Training Modules',
    text: 'Build training sets from real cases and assign them to roles or people.',
    icon: 'cap',
  },
  {
    title: 'Mobile-First',
    text: 'Installs on a tablet as an offline-capable app that works at sea, with 6-month data retention on the device.',
    icon: 'phone',
  },
]

/**
 * Shown to signed-out visitors on every tenant route; also prerendered into landing.html for a
 * first visit (its toggle is then wired by `landing-main.ts` until the app takes over).
 */
export function LandingPage() {
  const [showFeatures, setShowFeatures] = useState(false)
  return (
    <main className="landing">
      <section className="landing-hero">
        <div className="logo-badge logo-badge-lg" aria-hidden="true">
          MW
        </div>
        <h1>{PRODUCT_NAME}</h1>
        <p className="landing-tagline">
          AI expert assistance for marine service technicians — on the dock, in the engine room and offshore.
        </p>
        {/* A form, not a script: the prerendered first visit signs in before any JavaScript runs. */}
        <form action="/api/login" method="get">
          <button type="submit" className="btn btn-primary btn-lg">
            Sign In
          </button>
        </form>
      </section>
      <button
        type="button"
        className="btn btn-secondary landing-features-toggle"
        aria-expanded={showFeatures}
        aria-controls="landing-features"
        onClick={() => setShowFeatures((v) => !v)}
      >
        {showFeatures ? 'Hide features' : 'Show features'}
      </button>
      <ul id="landing-features" className={`feature-grid${showFeatures ? ' is-open' : ''}`}>
        {FEATURES.map((f) => (
          <li key={f.title} className="card feature-card">
            <span className="feature-icon">
              <Icon name={f.icon} size={32} />
            </span>
            <h2>{f.title}</h2>
            <p className="muted">{f.text}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}
