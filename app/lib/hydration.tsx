import { createContext, useContext } from 'react'
import { useMatches } from 'react-router'
import { useShouldHydrate } from 'remix-utils/use-should-hydrate'

/** The addresses of the enhancement layer's two scripts (app/lib/enhance-script.server.ts), given by entry.server.tsx. */
export type EnhanceScripts = { public: string; company: string }

const EnhanceScriptsContext = createContext<EnhanceScripts>({ public: '', company: '' })

export const EnhanceScriptsProvider = EnhanceScriptsContext.Provider

/** The layout of the company's screens (app/routes.ts): its pages get the shell's part of the layer. */
const COMPANY_LAYOUT_ID = 'routes/_app'

/**
 * How the page ends: an island (a matched route's `handle = { hydrate: true }`: the chat, the simulator cart) loads
 * React Router and hydrates; every other page is server-rendered HTML that ends with one module script of the
 * enhancement layer and loads no React at all (docs/decisions/046-islands.md).
 */
export function usePageScript(): { hydrate: true } | { hydrate: false; src: string } {
  const scripts = useContext(EnhanceScriptsContext)
  const matches = useMatches()
  if (useShouldHydrate()) return { hydrate: true }
  return { hydrate: false, src: matches.some((m) => m.id === COMPANY_LAYOUT_ID) ? scripts.company : scripts.public }
}
