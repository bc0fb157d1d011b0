const TIME_ZONE = 'America/Sao_Paulo'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** dd/mm/yyyy HH:mm in America/Sao_Paulo (DESIGN.md §5), the same on the server and in any browser. */
export function formatDateTime(iso: string) {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`
}

/** dd/mm/yyyy in America/Sao_Paulo. */
export function formatDate(iso: string) {
  return formatDateTime(iso).slice(0, 10)
}
