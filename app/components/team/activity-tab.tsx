import { teamScreenMessages as m } from '~/domain/team/messages.ts'
import { formatDateTime } from './format.ts'
import { useTeamHref } from './links.ts'
import { Pagination } from './team-tabs.tsx'
import type { ActivityEntry, Paginated } from './types.ts'

/** The organization's audit (GET api/empresas/logging/{orgId}): who did what and when, newest first. */
export function ActivityTab({ page }: { page: Paginated<ActivityEntry> }) {
  const href = useTeamHref()
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
      <Pagination page={page.current_page} lastPage={page.last_page} total={page.total} noun="atividades" href={(n) => href({ page: n })} />
    </div>
  )
}
