import { organizationMessages as m } from './messages.ts'
import { UFS, type Uf } from '../shared/uf.ts'

/** The address rules of the API's lookups: the 27 UFs and the CEP rule of the organization forms. */
export { UFS, type Uf }
export { normalizeCep } from './schemas.ts'

export const UF_REQUIRED = m.ufRequired
export const UF_INVALID = m.ufInvalid
export const CEP_REQUIRED = m.cepRequired
export const CEP_INVALID = m.cepInvalid

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value)
}
