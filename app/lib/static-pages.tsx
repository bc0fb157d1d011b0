import { createContext, useContext } from 'react'
import { useMatches } from 'react-router'
import STATIC_ROUTE_IDS from '~/static-pages/routes.json'

const staticRoutes = new Set<string>(STATIC_ROUTE_IDS)

/** The address of the static pages' script (app/static-pages/entry.ts), given by entry.server.tsx. */
const StaticPageScriptContext = createContext('')

export const StaticPageScriptProvider = StaticPageScriptContext.Provider

/**
 * The script a server render ends with when its page is not hydrated (decision 039), else null: the page then
 * loads neither React nor React Router. In the browser the answer is always null: a page React renders there is
 * hydrated (or reached by a client navigation, when Login and the others render with React as any screen does).
 */
export function useStaticPageScript() {
  const script = useContext(StaticPageScriptContext)
  const matches = useMatches()
  if (typeof document !== 'undefined' || !matches.some((match) => staticRoutes.has(match.id))) return null
  return script
}
