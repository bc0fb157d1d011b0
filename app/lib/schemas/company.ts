import { z } from 'zod'
import { companyMessages as m } from '../messages/company.ts'
import { UFS } from '../uf.ts'

export const LINK_TYPES = ['site', 'instagram', 'facebook', 'linkedin', 'whatsapp', 'outro'] as const

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong(label, max))
    .optional()
    .transform((v) => v || null)

/** The company fields a visiting card shows; shared by the visiting-card form and POST api/empresas/updateprofile. */
export const CompanyDetailsSchema = z.object({
  razao_social: z.string({ error: m.razaoRequired }).trim().min(1, m.razaoRequired).max(255, m.tooLong('A razão social', 255)),
  email: z
    .string()
    .trim()
    .max(255, m.tooLong('O email', 255))
    .optional()
    .transform((v) => v?.toLowerCase() || null)
    .refine((v) => v === null || z.email().safeParse(v).success, m.emailInvalid),
  telefone: z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.replace(/\D/g, '') || null)
    .refine((v) => v === null || /^\d{10,11}$/.test(v), m.phoneInvalid),
  sobre: optionalText('O texto sobre a empresa', 1000),
  endereco: optionalText('O endereço', 255),
  cidade: optionalText('A cidade', 120),
  uf: z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.toUpperCase() || null)
    .refine((v) => v === null || (UFS as readonly string[]).includes(v), m.ufInvalid),
  links: z
    .array(
      z.object({
        type: z.enum(LINK_TYPES, { error: m.linkTypeInvalid }),
        content: z.string({ error: m.linkRequired }).trim().min(1, m.linkRequired).max(255, m.tooLong('O link', 255)),
      }),
    )
    .max(10, m.tooManyLinks)
    .default([]),
})

export const FlagCodeSchema = z.object({
  code: z.string({ error: m.flagCodeRequired }).trim().min(1, m.flagCodeRequired).max(32, m.flagCodeInvalid),
})

export const TokenbaseSchema = z.object({
  tokenbase: z.string({ error: m.tokenbaseRequired }).trim().min(1, m.tokenbaseRequired).max(100, m.tooLong('O código Tokenbase', 100)),
})
