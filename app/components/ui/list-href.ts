import { useLocation } from 'react-router'
import { listAddress, type ListChanges, type ListDefinition, type ListState } from '~/lib/list-state.ts'

/**
 * This address with some query parameters set (or dropped, with null or ''), the others kept as they are: the links
 * that open a modal or a tab over whatever the page shows.
 */
export function useListHref() {
  const location = useLocation()
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') params.delete(key)
      else params.set(key, String(value))
    }
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
}

/** The list of this page with its state changed (`listAddress`): its pages, sort headers and filters' links. */
export function useListAddress<D extends ListDefinition>(definition: D, state: ListState<D>) {
  const { pathname } = useLocation()
  return (changes: ListChanges<D>, extra?: Record<string, string | number | null>) => listAddress(definition, pathname, state, changes, extra)
}
