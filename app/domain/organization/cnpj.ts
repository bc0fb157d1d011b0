/**
 * CNPJ helpers. Since July 2026 Brazil also issues alphanumeric CNPJs: the first
 * twelve characters may be letters, the two check digits stay numeric. Each
 * character counts as its ASCII code minus 48, so digits keep their value.
 */

export function normalizeCnpj(value: string) {
  return value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()
}

function checkDigit(base: string) {
  let weight = 2
  let sum = 0
  for (let i = base.length - 1; i >= 0; i--) {
    sum += (base.charCodeAt(i) - 48) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

export function isValidCnpj(value: string) {
  const cnpj = normalizeCnpj(value)
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false
  if (/^(\d)\1{13}$/.test(cnpj)) return false
  const first = checkDigit(cnpj.slice(0, 12))
  const second = checkDigit(cnpj.slice(0, 12) + first)
  return cnpj.endsWith(`${first}${second}`)
}

/** Builds a valid CNPJ from its first twelve characters (demo data and tests). */
export function withCheckDigits(base12: string) {
  const base = normalizeCnpj(base12)
  const first = checkDigit(base)
  return `${base}${first}${checkDigit(base + first)}`
}
