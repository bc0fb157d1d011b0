/**
 * EAN / GTIN barcodes (GS1). The product keeps a GTIN-13 (the issue asks for EAN-13): an EAN-8 or a
 * UPC-A (GTIN-12) typed or imported is kept as the same GTIN written on 13 digits, zeros on the left,
 * which is how GS1 compares GTINs of different lengths (the check digit does not change).
 */

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
export function gtinCheckDigit(body: string) {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48
    sum += digit * (i % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

/** The twelve digits with their check digit: a valid EAN-13. */
export function withEanCheckDigit(body12: string) {
  return `${body12}${gtinCheckDigit(body12)}`
}

export type EanResult = { ok: true; ean: string } | { ok: false; reason: 'format' | 'check-digit' }

/** An EAN-13, EAN-8 or UPC-A (spaces and dashes ignored), as 13 digits when its check digit is right. */
export function parseEan(input: string): EanResult {
  const digits = input.replace(/[\s-]/g, '')
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(digits)) return { ok: false, reason: 'format' }
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return { ok: false, reason: 'check-digit' }
  return { ok: true, ean: digits.padStart(13, '0') }
}
