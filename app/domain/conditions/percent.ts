/** Percent text as a person reads it: '2.5000' → '2,5'. */
export function formatPercent(value: string) {
  const [whole, fraction = ''] = value.split('.')
  const kept = fraction.replace(/0+$/, '')
  return kept ? `${whole},${kept}` : whole
}

const PERCENT = /^(\d{1,3})(?:[.,](\d{1,4}))?$/

/** '12,5' → '12.5000' (the column's numeric(7,4) text); null when it is not a percent of 0 to 100. */
export function readPercent(input: string | number): string | null {
  const match = PERCENT.exec(String(input).trim())
  if (!match) return null
  const text = `${Number(match[1])}.${(match[2] ?? '').padEnd(4, '0')}`
  return Number(text) <= 100 ? text : null
}
