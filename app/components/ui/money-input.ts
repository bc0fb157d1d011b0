import type { InputHTMLAttributes } from 'react'
import { normalizedBrl, typedBrl } from '~/domain/catalog/money.ts'

/**
 * The props of an amount in reais typed as pt-BR writes it (money.ts, typedBrl): the decimal keyboard on a phone
 * (it has the comma), and the amount written out once the field is left ('10' → '10,00'). Kept out of the shared
 * masks (masked-input.tsx) so that only the screens with an amount load it.
 */
export function moneyInputProps(defaultValue: unknown): InputHTMLAttributes<HTMLInputElement> {
  return {
    defaultValue: typedBrl(String(defaultValue ?? '')),
    maxLength: 12,
    inputMode: 'decimal',
    placeholder: '0,00',
    autoComplete: 'off',
    onInput: (event) => {
      const input = event.currentTarget
      const typed = typedBrl(input.value)
      if (typed !== input.value) input.value = typed
    },
    onBlur: (event) => {
      event.currentTarget.value = normalizedBrl(event.currentTarget.value)
    },
  }
}
