/** Marks something saved on this device that the server does not have yet. */
export function WaitingMark() {
  return (
    <span className="waiting-mark" title="Saved on this device; it syncs when the connection returns">
      Waiting to sync
    </span>
  )
}
