import * as teamApi from '../../../app/domain/team/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { cargos, memberships } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { orMembership } from '../organizations/membership.ts'
import { assertCanGrant, beginTeamChange, findCargo, listCargos, setCargoPermissions, teamMessages as tm } from './shared.ts'

/** Another role of the organization already has this name (names are unique ignoring case). */
async function nameTaken(tx: Tx, organizationId: number, nome: string, exceptId?: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(cargos)
    .where(
      and(
        eq(cargos.organizationId, organizationId),
        sql`lower(${cargos.nome}) = lower(${nome})`,
        exceptId === undefined ? undefined : ne(cargos.id, exceptId),
      ),
    )
  return n > 0
}

export function registerRoles(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...teamApi.getcargos, middleware: [auth] as const }),
    async (c) => {
      const { id } = c.req.valid('param')
      const userId = c.get('user').id
      return c.json({ cargos: await orMembership(await listCargos(db, id, { readBy: userId }), db, userId, id) }, 200)
    },
  )

  app.openapi(
    createRoute({ ...teamApi.criarcargo, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const cargo = await db.transaction(async (tx) => {
        const { membership } = await beginTeamChange(tx, user.id, body.organizacao_id)
        await assertCanGrant(tx, membership, body.permissoes)
        if (await nameTaken(tx, body.organizacao_id, body.nome)) fail('nome', tm.cargoNameTaken)
        const [row] = await tx.insert(cargos).values({ organizationId: body.organizacao_id, nome: body.nome }).returning()
        await setCargoPermissions(tx, row.id, body.permissoes)
        await audit(tx, {
          organizationId: body.organizacao_id,
          userId: user.id,
          acao: 'cargo.criado',
          detalhes: { cargo_id: row.id, nome: row.nome, permissoes: body.permissoes },
        })
        return (await listCargos(tx, body.organizacao_id, { only: [row.id] }))[0]
      })
      return c.json({ message: tm.cargoCreated, cargo }, 201)
    },
  )

  app.openapi(
    createRoute({ ...teamApi.editcargo, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const body = c.req.valid('json')
      const cargo = await db.transaction(async (tx) => {
        const { membership } = await beginTeamChange(tx, user.id, body.organizacao_id)
        const before = await findCargo(tx, body.organizacao_id, body.cargo_id)
        if (!before) fail('cargo_id', tm.cargoNotFound)
        // Both what the role loses and what it gains must be the caller's to give.
        await assertCanGrant(tx, membership, [...before.permissoes, ...body.permissoes])
        if (await nameTaken(tx, body.organizacao_id, body.nome, before.id)) fail('nome', tm.cargoNameTaken)
        await tx.update(cargos).set({ nome: body.nome }).where(eq(cargos.id, before.id))
        await setCargoPermissions(tx, before.id, body.permissoes)
        await audit(tx, {
          organizationId: body.organizacao_id,
          userId: user.id,
          acao: 'cargo.editado',
          detalhes: {
            cargo_id: before.id,
            antes: { nome: before.nome, permissoes: before.permissoes },
            depois: { nome: body.nome, permissoes: body.permissoes },
          },
        })
        return (await listCargos(tx, body.organizacao_id, { only: [before.id] }))[0]
      })
      return c.json({ message: tm.cargoUpdated, cargo }, 200)
    },
  )

  app.openapi(
    createRoute({ ...teamApi.excluircargo, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId, cargoId } = c.req.valid('param')
      const affected = await db.transaction(async (tx) => {
        const { membership } = await beginTeamChange(tx, user.id, orgId)
        const cargo = await findCargo(tx, orgId, cargoId)
        if (!cargo) abort(404, 'Cargo não encontrado nesta organização.')
        await assertCanGrant(tx, membership, cargo.permissoes, tm.cannotDeleteCargo)
        // The foreign key would do the same; done here to count who loses the role.
        const members = await tx
          .update(memberships)
          .set({ cargoId: null })
          .where(and(eq(memberships.cargoId, cargo.id), eq(memberships.organizationId, orgId)))
          .returning({ userId: memberships.userId, active: memberships.active })
        await tx.delete(cargos).where(eq(cargos.id, cargo.id))
        const active = members.filter((m) => m.active).length
        await audit(tx, {
          organizationId: orgId,
          userId: user.id,
          acao: 'cargo.excluido',
          detalhes: { cargo_id: cargo.id, nome: cargo.nome, permissoes: cargo.permissoes, membros_afetados: active },
        })
        return active
      })
      return c.json({ message: tm.cargoDeleted(affected), membros_afetados: affected }, 200)
    },
  )
}
