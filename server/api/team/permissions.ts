import * as teamApi from '../../../app/domain/team/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { PERMISSIONS } from '../../../app/domain/team/permissions.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { requireMembership } from '../organizations/membership.ts'
import { listCargos } from './shared.ts'

const catalogue = () => PERMISSIONS.map((p) => ({ id: p.id as string, nome: p.nome as string, descricao: p.descricao as string }))

export function registerPermissions(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...teamApi.getPermissoes, middleware: [auth] as const }),
    async (c) => {
      const { id } = c.req.valid('param')
      await requireMembership(db, c.get('user').id, id)
      return c.json({ permissoes: catalogue() }, 200)
    },
  )

  // The spec writes this path with a trailing slash; the same answer without it (hidden from the document).
  for (const endpoint of [teamApi.getcargospermissoes, { ...teamApi.getcargospermissoes, path: '/api/myteam/{id}/getcargospermissoes' as const, hide: true }]) {
    app.openapi(createRoute({ ...endpoint, middleware: [auth] as const }), async (c) => {
      const { id } = c.req.valid('param')
      await requireMembership(db, c.get('user').id, id)
      const permissoes = catalogue()
      const cargos = (await listCargos(db, id)).map((cargo) => ({
        id: cargo.id,
        nome: cargo.nome,
        membros: cargo.membros,
        permissoes: Object.fromEntries(permissoes.map((p) => [p.id, cargo.permissoes.includes(p.id)])),
      }))
      return c.json({ permissoes, cargos }, 200)
    })
  }
}
