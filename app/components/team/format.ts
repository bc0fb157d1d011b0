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

const HOUR = 3_600_000
/** São Paulo's offset from UTC in minutes, per UTC hour already seen (zones change offset on the hour). */
const offsets = new Map<number, number>()

/**
 * The offset at `time`, asked of the time-zone database once per hour: `formatToParts` costs more than the rest
 * of a list row's render (README, "Orders list"), and a list's dates fall in few hours.
 */
function offsetAt(time: number) {
  const hour = Math.floor(time / HOUR)
  let offset = offsets.get(hour)
  if (offset === undefined) {
    const parts = Object.fromEntries(dateTime.formatToParts(new Date(hour * HOUR)).map((p) => [p.type, Number(p.value)]))
    offset = (Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - hour * HOUR) / 60_000
    // A long-running server sees new hours for ever: forget them all now and then.
    if (offsets.size >= 50_000) offsets.clear()
    offsets.set(hour, offset)
  }
  return offset
}

const pad = (n: number) => String(n).padStart(2, '0')

/** dd/mm/yyyy HH:mm in the product's time zone, America/Sao_Paulo: the same on the server and in any browser. */
export function formatDateTime(iso: string) {
  const time = new Date(iso).getTime()
  if (Number.isNaN(time)) throw new RangeError(`Data inválida: ${iso}`)
  const local = new Date(time + offsetAt(time) * 60_000)
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
}

/** dd/mm/yyyy in America/Sao_Paulo. */
export function formatDate(iso: string) {
  return formatDateTime(iso).slice(0, 10)
}
