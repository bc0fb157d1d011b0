import { createContext, useContext } from 'react'

/**
 * This request's CSP nonce for inline scripts, given by entry.server.tsx. In the browser it is
 * empty: the browser hides a nonce from the page once parsed, and scripts React adds later never run.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
