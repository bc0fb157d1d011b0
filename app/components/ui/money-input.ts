import type { InputHTMLAttributes } from 'react'

/**
 * The props of an amount in reais typed as pt-BR writes it (money.ts, typedBrl): the decimal keyboard on a phone
 * (it has the comma); with JavaScript, what is typed keeps only what an amount is written with and the amount is
 * written out once the field is left ('10' → '10,00'), by the enhancement layer (`data-mask="money"`,
 * app/enhance/typed-fields.ts). The value is shown as given: a refused field shows exactly what was typed.
 */
export function moneyInputProps(defaultValue: unknown): InputHTMLAttributes<HTMLInputElement> & { 'data-mask': 'money' } {
  return {
    defaultValue: String(defaultValue ?? ''),
    maxLength: 12,
    inputMode: 'decimal',
    placeholder: '0,00',
    autoComplete: 'off',
    'data-mask': 'money',
  }
}
