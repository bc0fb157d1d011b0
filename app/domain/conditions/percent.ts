/** Percent text as a person reads it: '2.5000' → '2,5'. */
export function formatPercent(value: string) {
  const [whole, fraction = ''] = value.split('.')
  const kept = fraction.replace(/0+$/, '')
  return kept ? `${whole},${kept}` : whole
}
