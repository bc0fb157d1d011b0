import { MASKED_FIELDS, type MaskName } from '~/lib/ui/masked-fields.ts'

/** Fields masked as they are typed (CNPJ, CEP, cellphone, NCM): `data-mask` names the mask; the server takes either form. */
export function startMasks() {
  document.addEventListener('input', (event) => {
    const input = event.target
    if (!(input instanceof HTMLInputElement)) return
    const name = input.dataset.mask as MaskName | undefined
    const field = name ? MASKED_FIELDS[name] : undefined
    if (!field) return
    const masked = field.mask(input.value)
    if (masked !== input.value) input.value = masked
    // Before anything else hears the input (the form's checks read the masked text).
  }, true)
}
