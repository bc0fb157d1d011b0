import { Link } from 'react-router'
import { teamScreenMessages as m } from '~/domain/team/messages.ts'
import type { TeamTab } from './types.ts'

/**
 * The sections of Meu Time as links (`?aba=`), so they work without JavaScript and
 * each has its own address; the current one is marked for screen readers.
 */
export function TeamTabs({ current, tabs }: { current: TeamTab; tabs: readonly TeamTab[] }) {
  return (
    <nav aria-label="Seções da equipe">
      <ul className="team-tabs">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link to={`?aba=${tab}`} aria-current={tab === current ? 'page' : undefined} preventScrollReset>
              {m.tabs[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Pagination({ page, lastPage, total, noun, href }: { page: number; lastPage: number; total: number; noun: string; href: (page: number) => string }) {
  if (lastPage <= 1) return null
  return (
    <nav className="pagination" aria-label={`Paginação de ${noun}`}>
      {page > 1 ? <Link to={href(page - 1)}>Anterior</Link> : <span />}
      <span>
        Página {page} de {lastPage} ({total} {noun})
      </span>
      {page < lastPage ? <Link to={href(page + 1)}>Próxima</Link> : <span />}
    </nav>
  )
}
