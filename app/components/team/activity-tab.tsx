import { teamScreenMessages as m } from '~/domain/team/messages.ts'
import { useListAddress } from '~/components/ui/list-href.ts'
import { Pagination } from '~/components/ui/pagination.tsx'
import { formatDateTime } from './format.ts'
import { TEAM_LIST, type ActivityEntry, type Paginated, type TeamListState } from './types.ts'

/** The organization's audit (GET api/empresas/logging/{orgId}): who did what and when, newest first. */
export function ActivityTab({ page, list }: { page: Paginated<ActivityEntry>; list: TeamListState }) {
  const address = useListAddress(TEAM_LIST, list)
  if (page.data.length === 0) {
    return (
      <div className="empty-state" role="status">
        <p>{m.noActivity}</p>
      </div>
    )
  }
  return (
    <div className="stack">
      <ol className="activity-list card" aria-label="Atividades, mais recentes primeiro">
        {page.data.map((entry) => (
          <li key={entry.id} className="activity-item">
            <time dateTime={entry.created_at} className="activity-when">
              {formatDateTime(entry.created_at)}
            </time>
            <p className="activity-what">
              <strong className="activity-who">{entry.who}</strong> <span>{entry.what}</span>
            </p>
          </li>
        ))}
      </ol>
      <Pagination page={page} label="Paginação de atividades" count={{ one: 'atividade', many: 'atividades' }} href={(n) => address({ page: n })} />
    </div>
  )
}
