import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { organizationMessages } from '../../../app/domain/organization/messages.ts'
import { CreateOrganizationSchema, ORG_TYPES } from '../../../app/domain/organization/schemas.ts'
import { UFS } from '../../../app/domain/shared/uf.ts'
import { memberships, organizations, verticals } from '../../db/schema/index.ts'
import { bearer, errorResponses, fail, jsonContent, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { CNPJ_TAKEN, isCnpjTaken } from './cnpj-check.ts'
import { newFlagCode } from './flag.ts'
import { issueCode, mailCode } from './verify.ts'

const m = organizationMessages

/**
 * The web form's schema (app/lib/schemas/organization.ts), so the form and the API give
 * the same Portuguese messages; only described here for the OpenAPI document. The fields
 * use zod's own `.meta()`: they may be built before @hono/zod-openapi extends zod, and then
 * have no `.openapi()`. The object `extend()` returns is built here, after it, so it has.
 */
const shape = CreateOrganizationSchema.shape
export const CreateOrganizationBody = CreateOrganizationSchema.extend({
  tipo: shape.tipo.meta({ type: 'string', enum: [...ORG_TYPES], description: 'v varejo, f fornecedor, b bandeira, r revenda' }),
  cnpj: shape.cnpj.meta({ type: 'string', description: 'Com ou sem máscara; numérico ou alfanumérico' }),
  nome: shape.nome.meta({ description: 'Nome fantasia; sem ele, a razão social' }),
  vertical_id: shape.vertical_id.meta({ type: 'integer', description: 'Uma das verticais de GET api/organizacao/showVerticais' }),
  telefone: shape.telefone.meta({ description: 'Guardado só com dígitos' }),
  cep: shape.cep.meta({ type: 'string', description: '8 dígitos, com ou sem máscara (00.000-000)' }),
  uf: shape.uf.meta({ type: 'string', enum: [...UFS], description: 'Sigla da UF; minúsculas são aceitas' }),
}).openapi('CreateOrganizationRequest', {
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
