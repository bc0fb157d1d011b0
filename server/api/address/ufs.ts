import { organizationMessages as m } from '../../../app/domain/organization/messages.ts'
import { UFS, type Uf } from '../../../app/domain/shared/uf.ts'

/** The 27 UFs live in app/lib/uf.ts and the CEP rule in app/lib/schemas/organization.ts, shared with the forms. */
export { UFS, type Uf }
export { normalizeCep } from '../../../app/domain/organization/schemas.ts'

export const UF_REQUIRED = m.ufRequired
export const UF_INVALID = m.ufInvalid
export const CEP_REQUIRED = m.cepRequired
export const CEP_INVALID = m.cepInvalid

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value)
}
