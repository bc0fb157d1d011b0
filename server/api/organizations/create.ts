import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { organizationMessages } from '../../../app/domain/organization/messages.ts'
import { ORG_TYPES } from '../../../app/domain/organization/org-types.ts'
import { openOrganizationChannels } from '../../db/chat-counters.ts'
import { memberships, organizations, verticals } from '../../db/schema/index.ts'
import { fail, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { CNPJ_TAKEN, isCnpjTaken } from './cnpj-check.ts'
import { newFlagCode } from './flag.ts'
import { issueCode, mailCode } from './verify.ts'

const m = organizationMessages



export function registerCreateOrganization(app: Api, { db, mailer }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.create, middleware: [requireAuth(db)] as const }),
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
          await openOrganizationChannels(tx, org)
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
