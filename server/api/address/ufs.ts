import { UFS, type Uf } from '../../../app/lib/uf.ts'

/** The 27 UFs live in app/lib/uf.ts, shared with the address forms. */
export { UFS, type Uf }

export const UF_REQUIRED = 'A UF é obrigatória.'
export const UF_INVALID = 'UF inválida.'

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value)
}

/** Dots, dashes and spaces removed: '01.310-100' → '01310100'. */
export function normalizeCep(value: string) {
  return value.replace(/[.\-\s]/g, '')
}

export const CEP_REQUIRED = 'O CEP é obrigatório.'
export const CEP_INVALID = 'CEP inválido. Informe os 8 dígitos (00.000-000).'
