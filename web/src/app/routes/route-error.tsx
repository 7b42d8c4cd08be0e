import { useRouteError } from 'react-router-dom'
import { AppFailure } from './app-failure.tsx'

/** A screen that failed to load or render (e.g. its chunk is missing offline). */
export function RouteError() {
  const error = useRouteError()
  console.warn('Route failed', error)
  return <AppFailure />
}
