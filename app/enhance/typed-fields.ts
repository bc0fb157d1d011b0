import { normalizedBrl, typedBrl } from '~/domain/catalog/money.ts'
import { maskFormula } from '~/domain/shared/formula-mask.ts'

const MASKS: Record<string, (value: string) => string> = { money: typedBrl, formula: maskFormula }

/**
 * The fields typed in a shape of their own, beside the masks of masks.ts: an amount in reais (`data-mask="money"`:
 * digits, dots and one comma while typed, written out once left, '10' → '10,00') and a tokenbase formula
 * (`data-mask="formula"`). Loaded only by the pages that have one (company-entry.ts); the server takes the text as
 * typed and says what is wrong with it.
 */
export function startTypedFields() {
  document.addEventListener(
    'input',
    (event) => {
      const input = event.target
      if (!(input instanceof HTMLInputElement) || !Object.hasOwn(MASKS, input.dataset.mask ?? '')) return
      const masked = MASKS[input.dataset.mask!](input.value)
      if (masked !== input.value) input.value = masked
    },
    // Before the form's checks hear the input: they read the masked text.
    true,
  )
  document.addEventListener(
    'focusout',
    (event) => {
      const input = event.target
      if (!(input instanceof HTMLInputElement) || input.dataset.mask !== 'money') return
      const written = normalizedBrl(input.value)
      if (written !== input.value) input.value = written
    },
    true,
  )
}
