import { MyTraining } from '../../../components/my-training.tsx'

/** The nav's "My Training": what I am assigned, on its own page (the player opens from here). */
export function MyTrainingPage() {
  return (
    <div className="page">
      <header className="page-header">
        <h1>My Training</h1>
        <p className="muted">Training assigned to you, due soonest first. It works with no network.</p>
      </header>
      <MyTraining headed={false} />
    </div>
  )
}
