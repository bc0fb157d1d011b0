import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { normalizeCnpj } from '../../../app/domain/organization/cnpj.ts'
import { organizationMessages as m } from '../../../app/domain/organization/messages.ts'
import { cnpjField } from '../../../app/domain/organization/schemas.ts'
import type { Db, Tx } from '../../db/client.ts'
import { organizations } from '../../db/schema/index.ts'
import { bearer, errorResponses, fail, jsonContent, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'

export const CNPJ_REQUIRED = m.cnpjRequired
export const CNPJ_INVALID = m.cnpjInvalid
export const CNPJ_TAKEN = m.cnpjTaken
export const CNPJ_FREE = m.cnpjFree

/** Masked or bare, numeric or alphanumeric, check digits verified; comes out bare and upper-cased (shared with the web form). */
export { cnpjField }

export async function isCnpjTaken(db: Db | Tx, cnpj: string) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, normalizeCnpj(cnpj)))
  return Boolean(row)
}

const CnpjCheckSchema = z
  .object({
    cnpj: z.string().openapi({ example: '11444777000161', description: 'Sem máscara, letras em maiúsculas' }),
    valido: z.literal(true),
    disponivel: z.literal(true),
    message: z.string().openapi({ example: CNPJ_FREE }),
  })
  .openapi('CnpjCheck')

/** 200 when valid and free; otherwise a 422 `{message, errors: {cnpj: [...]}}` (docs/decisions/004-organization-creation.md). */
async function check(db: Db, raw: string) {
  const parsed = cnpjField.safeParse(raw)
  if (!parsed.success) throw new ValidationError({ cnpj: [...new Set(parsed.error.issues.map((i) => i.message))] })
  if (await isCnpjTaken(db, parsed.data)) fail('cnpj', CNPJ_TAKEN)
  return { cnpj: parsed.data, valido: true as const, disponivel: true as const, message: CNPJ_FREE }
}

const responses = { 200: jsonContent(CnpjCheckSchema, 'CNPJ válido e livre'), ...errorResponses }

export function registerCnpjCheck(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/empresas/verificaCnpj/{cnpj}',
      tags: ['Organizações'],
      summary: 'Diz se um CNPJ é válido (numérico ou alfanumérico) e ainda não está cadastrado',
      description:
        'Aceita o CNPJ com ou sem máscara; na máscara, a barra vai codificada (`%2F`). ' +
        'Inválido: 422 "CNPJ inválido."; já cadastrado: 422 "Este CNPJ já está cadastrado."',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: {
        params: z.object({
          cnpj: z.string().openapi({ param: { name: 'cnpj', in: 'path' }, example: '12.345.678/0001-95' }),
        }),
      },
      responses,
    }),
    async (c) => c.json(await check(db, c.req.valid('param').cnpj), 200),
  )

  // The masked CNPJ put into a URL without encoding its slash: two path segments.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/empresas/verificaCnpj/{raiz}/{filial}',
      tags: ['Organizações'],
      summary: 'O mesmo, com a máscara e a barra sem codificar: verificaCnpj/00.000.000/0000-00',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: {
        params: z.object({
          raiz: z.string().openapi({ param: { name: 'raiz', in: 'path' }, example: '9Z.X8Y.7W6', description: 'Antes da barra' }),
          filial: z.string().openapi({ param: { name: 'filial', in: 'path' }, example: '0001-40', description: 'Depois da barra' }),
        }),
      },
      responses,
    }),
    async (c) => {
      const { raiz, filial } = c.req.valid('param')
      return c.json(await check(db, `${raiz}/${filial}`), 200)
    },
  )
}
