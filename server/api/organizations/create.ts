import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { authMessages } from '../../../app/lib/messages/auth.ts'
import { memberships, organizations, verticals } from '../../db/schema.ts'
import { CEP_INVALID, CEP_REQUIRED, normalizeCep, UF_INVALID, UF_REQUIRED, UFS } from '../address/ufs.ts'
import { bearer, errorResponses, fail, jsonContent, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { CNPJ_TAKEN, cnpjField, isCnpjTaken } from './cnpj-check.ts'
import { newFlagCode } from './flag.ts'
import { idField, issueCode, mailCode } from './verify.ts'

const ORG_TYPES = ['v', 'f', 'b', 'r'] as const

export const createMessages = {
  tipoRequired: 'O tipo da organização é obrigatório.',
  tipoInvalid: 'O tipo da organização deve ser v, f, b ou r.',
  razaoRequired: 'A razão social é obrigatória.',
  tooLong: (label: string, max: number) => `${label} deve ter no máximo ${max} caracteres.`,
  verticalRequired: 'A vertical é obrigatória.',
  verticalInvalid: 'Vertical inválida.',
  emailInvalid: authMessages.emailInvalid,
  phoneInvalid: 'Telefone inválido. Use (00) 00000-0000.',
  enderecoRequired: 'O endereço é obrigatório.',
  cidadeRequired: 'A cidade é obrigatória.',
  created: 'Organização criada! Enviamos um código de verificação para o seu e-mail.',
  createdMailFailed: 'Organização criada, mas não foi possível enviar o código agora. Peça um novo código na tela de verificação.',
} as const
const m = createMessages

const requiredText = (required: string, label: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, m.tooLong(label, max))

/** Absent, null and blank all mean "not given" and are stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: m.tooLong(label, max) })
    .trim()
    .max(max, m.tooLong(label, max))
    .nullish()
    .transform((v) => v || null)

export const CreateOrganizationBody = z
  .object({
    tipo: z
      .string({ error: m.tipoRequired })
      .trim()
      .toLowerCase()
      .min(1, m.tipoRequired)
      .pipe(z.enum(ORG_TYPES, { error: m.tipoInvalid }))
      .openapi({ enum: [...ORG_TYPES], description: 'v varejo, f fornecedor, b bandeira, r revenda' }),
    cnpj: cnpjField.openapi({ description: 'Com ou sem máscara; numérico ou alfanumérico' }),
    razao_social: requiredText(m.razaoRequired, 'A razão social', 255),
    nome: optionalText('O nome fantasia', 255).openapi({ description: 'Nome fantasia; sem ele, a razão social' }),
    vertical_id: idField(m.verticalRequired, m.verticalInvalid),
    email: z
      .string({ error: m.emailInvalid })
      .trim()
      .toLowerCase()
      .max(255, m.tooLong('O email', 255))
      .refine((v) => v === '' || z.email().safeParse(v).success, m.emailInvalid)
      .nullish()
      .transform((v) => v || null),
    telefone: z
      .string({ error: m.phoneInvalid })
      .nullish()
      .transform((v) => v?.replace(/\D/g, '') || null)
      .refine((v) => v === null || /^\d{10,11}$/.test(v), m.phoneInvalid)
      .openapi({ description: 'Guardado só com dígitos' }),
    cep: z
      .string({ error: CEP_REQUIRED })
      .trim()
      .min(1, CEP_REQUIRED)
      .transform(normalizeCep)
      .pipe(z.string().regex(/^\d{8}$/, CEP_INVALID))
      .openapi({ description: '8 dígitos, com ou sem máscara (00.000-000)' }),
    endereco: requiredText(m.enderecoRequired, 'O endereço', 255),
    numero: optionalText('O número', 20),
    bairro: optionalText('O bairro', 120),
    cidade: requiredText(m.cidadeRequired, 'A cidade', 120),
    uf: z
      .string({ error: UF_REQUIRED })
      .trim()
      .toUpperCase()
      .min(1, UF_REQUIRED)
      .pipe(z.enum(UFS, { error: UF_INVALID }))
      .openapi({ enum: [...UFS], description: 'Sigla da UF; minúsculas são aceitas' }),
  })
  .openapi('CreateOrganizationRequest', {
    example: {
      tipo: 'f',
      cnpj: '11.444.777/0001-61',
      razao_social: 'Laboratório Vida Nova Ltda',
      nome: 'Vida Nova',
      vertical_id: 1,
      email: 'contato@vidanova.com.br',
      telefone: '(11) 98765-4321',
      cep: '01.310-100',
      endereco: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
    },
  })

const CreatedOrganizationSchema = z
  .object({
    message: z.string(),
    organizacao: z.object({
      organizacao_id: z.number().int(),
      tipo: z.enum(ORG_TYPES),
      nome: z.string(),
      razao_social: z.string(),
      cnpj: z.string(),
      vertical_id: z.number().int(),
      email: z.string().nullable(),
      telefone: z.string().nullable(),
      cep: z.string(),
      endereco: z.string(),
      numero: z.string().nullable(),
      bairro: z.string().nullable(),
      cidade: z.string(),
      uf: z.string(),
      active: z.boolean(),
      codigo_bandeira: z.string().nullable(),
      is_admin: z.boolean(),
      user_level: z.number().int(),
    }),
  })
  .openapi('CreatedOrganizationFromSelector')

export function registerCreateOrganization(app: Api, { db, mailer }: Deps) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/seletor/create',
      tags: ['Organizações'],
      summary: 'Cria uma organização (inativa até o código enviado por e-mail ser confirmado); quem cria é o administrador',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: { body: { required: true, content: { 'application/json': { schema: CreateOrganizationBody } } } },
      responses: { 201: jsonContent(CreatedOrganizationSchema, 'Organização criada, inativa'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')

      // Checks only the database can make, reported together like the schema's.
      const errors: Record<string, string[]> = {}
      if (await isCnpjTaken(db, body.cnpj)) errors.cnpj = [CNPJ_TAKEN]
      const [vertical] = await db.select({ id: verticals.id }).from(verticals).where(eq(verticals.id, body.vertical_id))
      if (!vertical) errors.vertical_id = [m.verticalInvalid]
      if (Object.keys(errors).length > 0) throw new ValidationError(errors)

      const created = await db.transaction(async (tx) => {
        for (let attempt = 1; ; attempt++) {
          const [org] = await tx
            .insert(organizations)
            .values({
              tipo: body.tipo,
              nome: body.nome ?? body.razao_social,
              razaoSocial: body.razao_social,
              cnpj: body.cnpj,
              email: body.email,
              telefone: body.telefone,
              cep: body.cep,
              endereco: body.endereco,
              numero: body.numero,
              bairro: body.bairro,
              cidade: body.cidade,
              uf: body.uf,
              verticalId: body.vertical_id,
              active: false,
              codigoBandeira: body.tipo === 'b' ? newFlagCode() : null,
              createdBy: user.id,
            })
            // A unique CNPJ or flag code taken meanwhile: tell which, or draw another code.
            .onConflictDoNothing()
            .returning()
          if (!org) {
            if (await isCnpjTaken(tx, body.cnpj)) fail('cnpj', CNPJ_TAKEN)
            if (attempt < 5) continue
            throw new Error('Não foi possível sortear um código de bandeira livre.')
          }
          const [membership] = await tx.insert(memberships).values({ userId: user.id, organizationId: org.id, isAdmin: true, level: 1 }).returning()
          await audit(tx, { organizationId: org.id, userId: user.id, acao: 'organizacao.criada', detalhes: { tipo: org.tipo, cnpj: org.cnpj } })
          const code = await issueCode(tx, org.id)
          return { org, membership, code }
        }
      })

      const { org, membership, code } = created
      const sent = await mailCode(mailer, user.email, org.nome, code)
      return c.json(
        {
          message: sent ? m.created : m.createdMailFailed,
          organizacao: {
            organizacao_id: org.id,
            tipo: org.tipo as (typeof ORG_TYPES)[number],
            nome: org.nome,
            razao_social: org.razaoSocial ?? org.nome,
            cnpj: org.cnpj,
            vertical_id: body.vertical_id,
            email: org.email,
            telefone: org.telefone,
            cep: body.cep,
            endereco: body.endereco,
            numero: org.numero,
            bairro: org.bairro,
            cidade: body.cidade,
            uf: body.uf,
            active: org.active,
            codigo_bandeira: org.codigoBandeira,
            is_admin: membership.isAdmin,
            user_level: membership.level,
          },
        },
        201,
      )
    },
  )
}
