import { useLocation } from 'react-router'

/** Query parameters of the screen's modals: closing one drops them. */
export const MODAL_PARAMS = ['modal', 'id']

/** This address with some query parameters set (or dropped, with null): tabs, pages and modals are links. */
export function useTeamHref() {
  const location = useLocation()
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key)
      else params.set(key, String(value))
    }
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
}
