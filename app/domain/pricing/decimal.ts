/**
 * Exact decimal arithmetic for prices (money exact to the centavo). A value is a fraction
 * of two BigInts, so 0,1 + 0,2 is 0,3 and a discount of 12,345 % on R$ 0,07 rounds once, at the end.
 */
export type Ratio = { readonly n: bigint; readonly d: bigint }

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y) [x, y] = [y, x % y]
  return x
}

export function ratio(n: bigint, d = 1n): Ratio {
  if (d === 0n) throw new RangeError('Divisão por zero.')
  const sign = d < 0n ? -1n : 1n
  const g = gcd(n, d) || 1n
  return { n: (sign * n) / g, d: (sign * d) / g }
}

export const ZERO = ratio(0n)
export const ONE = ratio(1n)
export const HUNDRED = ratio(100n)

export const add = (a: Ratio, b: Ratio) => ratio(a.n * b.d + b.n * a.d, a.d * b.d)
export const sub = (a: Ratio, b: Ratio) => ratio(a.n * b.d - b.n * a.d, a.d * b.d)
export const mul = (a: Ratio, b: Ratio) => ratio(a.n * b.n, a.d * b.d)
export const div = (a: Ratio, b: Ratio) => ratio(a.n * b.d, a.d * b.n)
export const neg = (a: Ratio) => ratio(-a.n, a.d)
export const compare = (a: Ratio, b: Ratio) => {
  const diff = a.n * b.d - b.n * a.d
  return diff < 0n ? -1 : diff > 0n ? 1 : 0
}

/** '12,5', '12.5', '-3', '1.234,56' is not one (a thousands separator is a mistake here). */
const DECIMAL = /^(-?)(\d+)(?:[.,](\d+))?$/

/** A decimal written with a comma or a dot; null when it is not one. */
export function parseDecimal(text: string): Ratio | null {
  const match = DECIMAL.exec(text.trim())
  if (!match) return null
  const [, sign, whole, fraction = ''] = match
  const n = BigInt(whole + fraction) * (sign ? -1n : 1n)
  return ratio(n, 10n ** BigInt(fraction.length))
}

export const fromInteger = (value: number | bigint) => ratio(BigInt(value))

/**
 * The value × 10^places rounded half away from zero, as an integer: roundHalfUp(x, 2) of R$ 1,005
 * is 101 centavos. The Brazilian commercial rule (ABNT NBR 5891 rounds half to even, but invoices
 * and ERPs round half up, which is what buyers check against).
 */
export function roundHalfUp(value: Ratio, places: number): bigint {
  const scaled = value.n * 10n ** BigInt(places)
  const q = scaled / value.d
  const r = scaled % value.d
  const twice = (r < 0n ? -r : r) * 2n
  if (twice < value.d) return q
  return scaled < 0n ? q - 1n : q + 1n
}

/** A scaled integer back to its decimal text with a dot: (12345n, 5) → '0.12345'. */
export function scaledText(value: bigint, places: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0')
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits
  return negative ? `-${text}` : text
}
