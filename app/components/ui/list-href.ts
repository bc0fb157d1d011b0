import { useLocation } from 'react-router'

/**
 * This address with some query parameters set (or dropped, with null or ''): a list's sorting, pages, tabs and
 * modals are links (Produtos, Condições, the market).
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
