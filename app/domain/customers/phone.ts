/** Customer contact phones as people read them. */

/** (00) 0000-0000 or (00) 00000-0000, from the stored digits. */
export function formatTelefone(digits: string) {
  const d = digits.replace(/\D/g, '')
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
  return digits
}
