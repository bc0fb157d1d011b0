import { createContext, useContext } from 'react'

/**
 * The page's CSP nonce for inline scripts: given by entry.server.tsx on the server; in the browser,
 * read back from the page's scripts (the browser hides the attribute, not the property), so that
 * hydration renders the same `nonce` the server did.
 */
const NonceContext = createContext(typeof document === 'undefined' ? '' : (document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''))

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
