import { teamScreenMessages as m } from '~/domain/team/messages.ts'
import { listAddress, parseListState } from '~/lib/list-state.ts'
import { TEAM_LIST, type TeamTab } from './types.ts'

/**
 * The sections of Meu Time as links (`?aba=`), so they work without JavaScript and each has its own address; the
 * current one is marked for screen readers. A section opens from its start.
 */
export function TeamTabs({ current, tabs }: { current: TeamTab; tabs: readonly TeamTab[] }) {
  const fresh = parseListState(TEAM_LIST, new URLSearchParams())
  return (
    <nav aria-label="Seções da equipe">
      <ul className="team-tabs">
        {tabs.map((tab) => (
          <li key={tab}>
            <a href={listAddress(TEAM_LIST, '/my-team', fresh, { aba: tab })} aria-current={tab === current ? 'page' : undefined}>
              {m.tabs[tab]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
