import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { channelsOfOrganizationRow } from '../../db/chat-channels.ts'
import { chatAwaitingAnswer, chatAwaitingTotals, chatChannels, chatMessages, chatUnreadCounters, organizations } from '../../db/schema/index.ts'
import { planAllows } from '../../../app/domain/plans/plans.ts'
import { unreadFor } from './channels.ts'

/** A message from the other side waits for an answer this long before the header calls it late. */
export const OVERDUE_AFTER_HOURS = 24

const overdueBefore = sql`now() - make_interval(hours => ${OVERDUE_AFTER_HOURS})`

/** What both computations give per channel owner and type (or per channel): the plan rule is applied on them by sumChatCounters. */
type ChannelCounters = { padrao: string; unread: number; late: number; plano: string; trial: string | null; trial_plano: string }

const u = chatUnreadCounters
const a = chatAwaitingAnswer
const at = chatAwaitingTotals

/**
 * The header's chat counters of the organization row `o` of the enclosing query (the company profile reads
 * them with the company, in one statement), from the counters kept on write (server/db/chat-counters.ts):
 * the member's unread rows and the organization's waiting totals, one row per channel owner and type, each
 * with its owner's plan. A total counts every waiting message; what is not late yet is taken off it, read
 * from the channels whose wait got a message within OVERDUE_AFTER_HOURS (index on organization_id, last_at):
 * all of a wait that began since then, and of an older one its messages from since then on. The cost follows
 * the owners with something to count and the last day's waiting channels, not the channels nor the backlog.
 */
export function storedChatCounters(userId: number | Placeholder, o: { id: AnyPgColumn }) {
  const notLateYet = sql`${a.messages} - case when ${a.since} >= ${overdueBefore} then 0
    else (select count(*) from ${chatMessages} x where x.channel_id = ${a.channelId} and x.id >= ${a.firstMessageId} and x.created_at < ${overdueBefore}) end`
  return sql<ChannelCounters[]>`coalesce((
    select json_agg(json_build_object('padrao', s.padrao, 'unread', s.unread, 'late', s.late, 'plano', w.plano, 'trial', w.trial_started_at, 'trial_plano', w.trial_plano))
    from (
      select ${u.padrao} as padrao, ${u.unread} as unread, 0 as late, ${u.ownerId} as owner_id
      from ${u} where ${u.userId} = ${userId} and ${u.organizationId} = ${o.id}
      union all
      select ${at.padrao}, 0, (${at.messages} - coalesce(r.recent, 0))::int, ${at.ownerId}
      from ${at} left join (
        select ${a.ownerId} as owner_id, ${a.padrao} as padrao, sum(${notLateYet}) as recent
        from ${a} where ${a.organizationId} = ${o.id} and ${a.lastAt} >= ${overdueBefore}
        group by 1, 2
      ) r on r.owner_id = ${at.ownerId} and r.padrao = ${at.padrao}
      where ${at.organizationId} = ${o.id}
    ) s inner join ${organizations} w on w.id = s.owner_id
  ), '[]'::json)`
}

/**
 * Per channel, the messages waiting for an answer from organization `orgId` (the header's 'mensagens
 * aguardando resposta'): in its external channels (B, F), the messages from other organizations written after
 * its own last message there and older than OVERDUE_AFTER_HOURS.
 */
const overdueIn = (orgId: SQL) => sql<number>`case when ${chatChannels.padrao} = 'I' then 0 else (
  select count(*)::int from ${chatMessages} x
  where x.channel_id = ${chatChannels.id}
    and x.organization_id is distinct from ${orgId}
    and x.created_at < ${overdueBefore}
    and x.id > coalesce((select max(y.id) from ${chatMessages} y where y.channel_id = ${chatChannels.id} and y.organization_id = ${orgId}), 0)
) end`

/**
 * The same counters computed from every channel of the organization, as the header did before migration
 * 0010: the reference the stored counters must equal (tests/api/header-counters.test.ts), and the "before"
 * of bench/header. Its cost grows with the organization's channels and messages.
 */
export function recountedChatCounters(userId: number | Placeholder, o: { id: AnyPgColumn; tipo: AnyPgColumn; bandeiraId: AnyPgColumn }) {
  return sql<ChannelCounters[]>`coalesce((
    select json_agg(json_build_object('padrao', s.padrao, 'unread', s.unread, 'late', s.late, 'plano', s.plano, 'trial', s.trial, 'trial_plano', s.trial_plano))
    from (
      select ${chatChannels.padrao} as padrao, ${unreadFor(userId)} as unread, ${overdueIn(sql`${o.id}`)} as late,
             ${organizations.plano} as plano, ${organizations.trialStartedAt} as trial, ${organizations.trialPlano} as trial_plano
      from ${chatChannels} inner join ${organizations} on ${organizations.id} = ${chatChannels.organizationId}
      where ${channelsOfOrganizationRow(o)}
    ) s
    where s.unread > 0 or s.late > 0
  ), '[]'::json)`
}

/**
 * notificacoes_chat and msg_atraso from either computation, and msg_atraso per type (the chat tab where the waiting
 * messages are): a channel whose owner's plan has no external chat counts for neither.
 */
export function sumChatCounters(rows: ChannelCounters[]) {
  let unread = 0
  const overdueByType = { B: 0, F: 0 }
  const now = new Date()
  for (const r of rows) {
    if (r.padrao !== 'I' && !planAllows({ plano: r.plano, trialStartedAt: r.trial ? new Date(r.trial) : null, trialPlano: r.trial_plano }, 'chatExterno', now)) continue
    unread += r.unread
    if (r.padrao === 'B' || r.padrao === 'F') overdueByType[r.padrao] += r.late
  }
  return { unread, overdue: overdueByType.B + overdueByType.F, overdueByType }
}
