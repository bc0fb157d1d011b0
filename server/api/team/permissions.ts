import { createRoute, z } from '@hono/zod-openapi'
import { PERMISSIONS } from '../../../app/domain/team/permissions.ts'
import { bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { requireMembership } from '../organizations/membership.ts'
import { listCargos, OrgParams, PermissionSchema } from './shared.ts'

const MatrixSchema = z
  .object({
    permissoes: z.array(PermissionSchema),
    cargos: z.array(
      z.object({
        id: z.number().int(),
        nome: z.string(),
        membros: z.number().int(),
        permissoes: z.record(z.string(), z.boolean()).openapi({ example: { equipe: false, pedidos_ver: true } }),
      }),
    ),
  })
  .openapi('CargosPermissoes')

const catalogue = () => PERMISSIONS.map((p) => ({ id: p.id as string, nome: p.nome as string, descricao: p.descricao as string }))

export function registerPermissions(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/myteam/getPermissoes/{id}',
      tags: ['Equipe'],
      summary: 'Catálogo de permissões que um cargo pode ter; para membros da organização',
      security: bearer,
      middleware: [auth] as const,
      request: { params: OrgParams },
      responses: {
        200: jsonContent(z.object({ permissoes: z.array(PermissionSchema) }), 'Catálogo'),
        403: jsonContent(MessageSchema, 'Não é membro'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await requireMembership(db, c.get('user').id, id)
      return c.json({ permissoes: catalogue() }, 200)
    },
  )

  // The spec writes this path with a trailing slash; the same answer without it (hidden from the document).
  for (const path of ['/api/myteam/{id}/getcargospermissoes/', '/api/myteam/{id}/getcargospermissoes'] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        hide: !path.endsWith('/'),
        tags: ['Equipe'],
        summary: 'Matriz cargos × permissões da organização (também sem a barra final); para membros',
        security: bearer,
        middleware: [auth] as const,
        request: { params: OrgParams },
        responses: {
          200: jsonContent(MatrixSchema, 'Cada cargo com todas as permissões do catálogo, marcadas true ou false'),
          403: jsonContent(MessageSchema, 'Não é membro'),
          ...errorResponses,
        },
      }),
      async (c) => {
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
      },
    )
  }
}
