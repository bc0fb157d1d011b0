import { useLocation, useNavigation } from 'react-router'
import { DialogHost } from './dialog-host.tsx'
import { LoadingOverlay } from './loading-overlay.tsx'
import { Toaster, type FlashToast } from './toaster.tsx'

/** The page-wide UI that any screen can call on: toasts, confirm/message dialogs, the loading overlay. */
export function UiHost({ flash }: { flash: FlashToast | null }) {
  const navigation = useNavigation()
  const { key } = useLocation()
  return (
    <>
      <Toaster flash={flash} route={key} />
      <DialogHost />
      <LoadingOverlay busy={navigation.state !== 'idle'} />
    </>
  )
}
