import { z } from 'zod'
import { isValidCnpj, normalizeCnpj } from './cnpj.ts'
import { organizationMessages as m } from './messages.ts'
import { UFS } from '../shared/uf.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { ORG_TYPES } from './org-types.ts'

const requiredText = (required: string, label: string, max: number) => text({ required, max, tooLong: m.tooLong(label, max) })

/** Absent, null and blank all mean "not given" and are stored as null. */
const optionalText = (label: string, max: number) =>
  text({ invalidType: m.tooLong(label, max), max, tooLong: m.tooLong(label, max) })
    .nullish()
    .transform((v) => v || null)

/** A masked CNPJ has 18 characters; room for stray spaces, and a bound before any work. */
export const CNPJ_MAX_TYPED = 32

/**
 * A CNPJ as typed: masked or bare, numeric or alphanumeric (letters in the first twelve
 * places since July 2026), lower case accepted. Check digits are verified; the value
 * comes out bare and upper-cased, as stored.
 */
export const cnpjField = text({ required: m.cnpjRequired, max: CNPJ_MAX_TYPED, tooLong: m.cnpjInvalid, invalid: m.cnpjInvalid })
  .pipe(z.string().refine((v) => isValidCnpj(v), m.cnpjInvalid))
  .transform(normalizeCnpj)

/** Dots, dashes and spaces removed: '01.310-100' → '01310100'. */
export function normalizeCep(value: string) {
  return value.replace(/[.\-\s]/g, '')
}

export const cepField = z
  .string({ error: m.cepRequired })
  .trim()
  .min(1, m.cepRequired)
  .transform(normalizeCep)
  .pipe(z.string().regex(/^\d{8}$/, m.cepInvalid))

export const ufField = z
  .string({ error: m.ufRequired })
  .trim()
  .toUpperCase()
  .min(1, m.ufRequired)
  .pipe(z.enum(UFS, { error: m.ufInvalid }))

/** The new-organization form of the personal environment, and POST api/seletor/create. */
export const CreateOrganizationSchema = z.object({
  tipo: z
    .string({ error: m.tipoRequired })
    .trim()
    .toLowerCase()
    .min(1, m.tipoRequired)
    .pipe(z.enum(ORG_TYPES, { error: m.tipoInvalid })),
  cnpj: cnpjField,
  razao_social: requiredText(m.razaoRequired, 'A razão social', 255),
  nome: optionalText('O nome fantasia', 255),
  vertical_id: positiveIdField(m.verticalRequired, m.verticalInvalid),
  email: text({ invalidType: m.emailInvalid, max: 255, tooLong: m.tooLong('O email', 255) })
    .toLowerCase()
    .refine((v) => v === '' || z.email().safeParse(v).success, m.emailInvalid)
    .nullish()
    .transform((v) => v || null),
  telefone: z
    .string({ error: m.phoneInvalid })
    .nullish()
    .transform((v) => v?.replace(/\D/g, '') || null)
    .refine((v) => v === null || /^\d{10,11}$/.test(v), m.phoneInvalid),
  cep: cepField,
  endereco: requiredText(m.enderecoRequired, 'O endereço', 255),
  numero: optionalText('O número', 20),
  bairro: optionalText('O bairro', 120),
  cidade: requiredText(m.cidadeRequired, 'A cidade', 120),
  uf: ufField,
})

/** The six digits mailed to the creator of a new organization. */
export const VerificationCodeSchema = z.object({
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .min(1, m.codeRequired)
    .regex(/^\d{6}$/, m.codeFormat),
})
