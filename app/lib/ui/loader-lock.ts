/**
 * Loader lock: 'on' forces the loading overlay visible, 'off' keeps it hidden,
 * null leaves it to whether something is loading.
 */
export type LoaderLock = 'on' | 'off' | null

export const INVALID_LOADER_LOCK_MESSAGE = "Valor inválido para o bloqueio do carregamento: use 'on', 'off' ou null."

export function parseLoaderLock(value: unknown): LoaderLock {
  if (value === 'on' || value === 'off' || value === null) return value
  throw new Error(INVALID_LOADER_LOCK_MESSAGE)
}

export function isLoadingOverlayVisible(loading: boolean, lock: LoaderLock) {
  if (lock === 'on') return true
  if (lock === 'off') return false
  return loading
}
