import * as partnersApi from '../../../../app/domain/conditions/partners-contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { partnerMessages as m } from '../../../../app/domain/conditions/partners-messages.ts'
import { conditionAccessMessages } from '../../../../app/domain/conditions/access-messages.ts'
import type { Tx } from '../../../db/client.ts'
import { conditionPartners } from '../../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../../http.ts'
import { audit } from '../../organizations/audit.ts'
import { conditionForSeller } from '../access.ts'
import { partnerRows } from './shared.ts'

/**
 * The OL row and its condition, for a member of the seller holding 'condicoes' (the mirror is the
 * seller's choice of who serves whom). A row of someone else's condition is the 404 of a missing one.
 */
async function sellerRow(tx: Tx, userId: number, rowId: number) {
  const [row] = await tx.select().from(conditionPartners).where(eq(conditionPartners.id, rowId)).for('update')
  if (!row) abort(404, conditionAccessMessages.conditionNotFound)
  const condition = await conditionForSeller(tx, userId, row.conditionId, { permission: 'condicoes', lock: true })
  return { row, condition }
}

export function registerMirrorCalls(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...partnersApi.mirrorOl, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const { origem } = c.req.valid('query')
    const user = c.get('user')
    const { conditionId, origemNome } = await db.transaction(async (tx) => {
      const { row, condition } = await sellerRow(tx, user.id, id)
      if (origem === id) fail('origem', m.mirrorSelf)
      const [source] = await tx
        .select()
        .from(conditionPartners)
        .where(and(eq(conditionPartners.id, origem), eq(conditionPartners.conditionId, condition.id)))
      if (!source) fail('origem', m.mirrorOtherCondition)
      // One level only: the buyers read live are the source's own, never a list that is itself a mirror.
      if (source.espelhoDe !== null) fail('origem', m.mirrorChain)
      if (source.status === 'recusado') fail('origem', m.mirrorRefused)
      const [follower] = await tx.select({ id: conditionPartners.id }).from(conditionPartners).where(eq(conditionPartners.espelhoDe, row.id)).limit(1)
      if (follower) fail('id', m.mirrorIsSource)
      await tx.update(conditionPartners).set({ espelhoDe: source.id }).where(eq(conditionPartners.id, row.id))
      await audit(tx, { organizationId: condition.organizationId, userId: user.id, acao: 'condicao.ol_espelhado', detalhes: { condicao_id: condition.id, parceiro: row.partnerId, origem: source.partnerId } })
      const [named] = await partnerRows(tx, user.id, condition.id, eq(conditionPartners.id, source.id))
      return { conditionId: condition.id, origemNome: named.nome }
    })
    const [parceiro] = await partnerRows(db, user.id, conditionId, eq(conditionPartners.id, id))
    return c.json({ message: m.mirrored(origemNome), parceiro }, 200)
  })

  app.openapi(createRoute({ ...partnersApi.unmirrorOl, middleware: [auth] as const }), async (c) => {
    const { id } = c.req.valid('param')
    const user = c.get('user')
    const { conditionId, was } = await db.transaction(async (tx) => {
      const { row, condition } = await sellerRow(tx, user.id, id)
      if (row.espelhoDe !== null) {
        await tx.update(conditionPartners).set({ espelhoDe: null }).where(eq(conditionPartners.id, row.id))
        await audit(tx, { organizationId: condition.organizationId, userId: user.id, acao: 'condicao.ol_espelho_desfeito', detalhes: { condicao_id: condition.id, parceiro: row.partnerId } })
      }
      return { conditionId: condition.id, was: row.espelhoDe !== null }
    })
    const [parceiro] = await partnerRows(db, user.id, conditionId, eq(conditionPartners.id, id))
    return c.json({ message: was ? m.unmirrored : m.notMirroring, parceiro }, 200)
  })
}
