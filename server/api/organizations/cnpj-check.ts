import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { normalizeCnpj } from '../../../app/domain/organization/cnpj.ts'
import { organizationMessages as m } from '../../../app/domain/organization/messages.ts'
import { cnpjField } from '../../../app/domain/organization/schemas.ts'
import type { Db, Tx } from '../../db/client.ts'
import { organizations } from '../../db/schema/index.ts'
import { fail, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'

export const CNPJ_REQUIRED = m.cnpjRequired
export const CNPJ_INVALID = m.cnpjInvalid
export const CNPJ_TAKEN = m.cnpjTaken

/** Masked or bare, numeric or alphanumeric, check digits verified; comes out bare and upper-cased (shared with the web form). */
export { cnpjField }

export async function isCnpjTaken(db: Db | Tx, cnpj: string) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, normalizeCnpj(cnpj)))
  return Boolean(row)
}


/** 200 when valid and free; otherwise a 422 `{message, errors: {cnpj: [...]}}` (docs/decisions/004-organization-creation.md). */
async function check(db: Db, raw: string) {
  const parsed = cnpjField.safeParse(raw)
  if (!parsed.success) throw new ValidationError({ cnpj: [...new Set(parsed.error.issues.map((i) => i.message))] })
  if (await isCnpjTaken(db, parsed.data)) fail('cnpj', CNPJ_TAKEN)
  return { cnpj: parsed.data, valido: true as const, disponivel: true as const, message: orgApi.CNPJ_FREE }
}


export function registerCnpjCheck(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.verificaCnpj, middleware: [requireAuth(db)] as const }),
    async (c) => c.json(await check(db, c.req.valid('param').cnpj), 200),
  )

  // The masked CNPJ put into a URL without encoding its slash: two path segments.
  app.openapi(
    createRoute({ ...orgApi.verificaCnpjMasked, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const { raiz, filial } = c.req.valid('param')
      return c.json(await check(db, `${raiz}/${filial}`), 200)
    },
  )
}
