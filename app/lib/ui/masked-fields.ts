import { maskCellphone, maskCep, maskCnpj, maskNcm } from '../../domain/shared/masks.ts'

export type MaskName = 'cnpj' | 'cep' | 'cellphone' | 'ncm'

type MaskedField = {
  mask: (value: string) => string
  /** The max length: the length of a complete masked value. */
  maxLength: number
  placeholder: string
  inputMode: 'text' | 'numeric' | 'tel'
}

/** The input masks with what an input needs to use each. */
export const MASKED_FIELDS: Record<MaskName, MaskedField> = {
  // The alphanumeric CNPJ (from July 2026) has letters, so no numeric keyboard for it.
  cnpj: { mask: maskCnpj, maxLength: 18, placeholder: '00.000.000/0000-00', inputMode: 'text' },
  cep: { mask: maskCep, maxLength: 10, placeholder: '00.000-000', inputMode: 'numeric' },
  cellphone: { mask: maskCellphone, maxLength: 15, placeholder: '(00) 00000-0000', inputMode: 'tel' },
  ncm: { mask: maskNcm, maxLength: 10, placeholder: '0000.00.00', inputMode: 'numeric' },
}
