/**
 * The price-condition formula's input mask, beside the other masks (masks.ts) but in its own
 * module, so that only the screens with a formula field load it.
 */

/** A tokenbase formula is at most this long (app/domain/pricing/formula.ts). */
const FORMULA_MASK_MAX = 200

/**
 * The price-condition formula (digits, dot, pipe and one parenthesised group, comma decimals
 * converted), widened by what a tokenbase formula is written with: the variable
 * `desconto`, the operators + − × ÷ (also - * / x) and spaces. A comma after a digit becomes the
 * decimal dot; one '(' and one ')' after it are kept, further ones dropped. Whatever passes is read by
 * parseFormula, which answers a pipe or a misplaced sign with its own Portuguese message.
 */
export function maskFormula(value: string) {
  let out = ''
  let opened = false
  let closed = false
  for (const ch of value.normalize('NFC')) {
    if (/\d|[.|+\-−*×x/÷A-Za-z]/.test(ch)) out += ch
    else if (ch === ',') out += /\d$/.test(out) ? '.' : ''
    else if (/\s/.test(ch)) out += out && !out.endsWith(' ') ? ' ' : ''
    else if (ch === '(' && !opened) {
      opened = true
      out += ch
    } else if (ch === ')' && opened && !closed) {
      closed = true
      out += ch
    }
  }
  return out.slice(0, FORMULA_MASK_MAX)
}
