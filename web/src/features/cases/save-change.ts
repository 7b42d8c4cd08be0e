import { errorToast } from '../../components/ui/toast-store.ts'
import { errorText } from '../../lib/error-text.ts'
import { savedToast } from '../../lib/saved-toast.ts'

/** Runs a case change (saved on this device) and says how it went: "Case updated" or "Update failed". */
export async function saveCaseChange(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write()
    savedToast('Case updated')
    return true
  } catch (error) {
    errorToast('Update failed', errorText(error))
    return false
  }
}
