/** Chat date separators: 'Hoje', 'Ontem', else the pt-BR date, in Brazil's time. */

const TIME_ZONE = 'America/Sao_Paulo'

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' })
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' })

/** yyyy-mm-dd of the instant in São Paulo. */
export const dayKey = (date: Date) => dayKeyFormat.format(date)

export function separatorLabel(date: Date, now: Date, labels: { today: string; yesterday: string }): string {
  const key = dayKey(date)
  if (key === dayKey(now)) return labels.today
  // Noon of today minus a day is always yesterday in São Paulo (no daylight saving jumps 12 h).
  const [y, m, d] = dayKey(now).split('-').map(Number)
  if (key === dayKey(new Date(Date.UTC(y, m - 1, d, 15) - 86_400_000))) return labels.yesterday
  return dateFormat.format(date)
}

export const timeLabel = (date: Date) => timeFormat.format(date)

/** dd/mm/aaaa hh:mm in São Paulo (search and media panels). */
export const dateTimeLabel = (date: Date) => `${dateFormat.format(date)} ${timeFormat.format(date)}`

export type DatedEntry<T> = { kind: 'separator'; key: string; message: string } | { kind: 'message'; key: string; item: T }

/** The list with a separator entry (a message text only) before each new day. */
export function withDateSeparators<T extends { id: number; created_at: string }>(
  items: T[],
  now: Date,
  labels: { today: string; yesterday: string },
): DatedEntry<T>[] {
  const out: DatedEntry<T>[] = []
  let lastDay = ''
  for (const item of items) {
    const date = new Date(item.created_at)
    const day = dayKey(date)
    if (day !== lastDay) {
      out.push({ kind: 'separator', key: `d-${day}`, message: separatorLabel(date, now, labels) })
      lastDay = day
    }
    out.push({ kind: 'message', key: `m-${item.id}`, item })
  }
  return out
}
