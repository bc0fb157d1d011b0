import * as orgApi from '../../../app/domain/organization/contract.ts'
import { randomInt } from 'node:crypto'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { companyMessages as m } from '../../../app/domain/organization/company-messages.ts'
import { channelJoined, channelLeft, holdChannel } from '../../db/chat-counters.ts'
import { organizationLinks, organizations } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from './audit.ts'
import { mayAct, NOT_PERMITTED, requirePermission } from './membership.ts'
import { loadVisitingCard } from './visiting-card.ts'

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Eight characters without look-alikes (0/O, 1/I), easy to dictate over the phone. */
export function newFlagCode() {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
}

export function registerFlag(app: Api, { db }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...orgApi.linkaBandeira, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId, code } = c.req.valid('param')
      const normalized = code.trim().toUpperCase()
      if (!normalized) fail('code', m.flagCodeRequired)
      const { organization: retail } = await requirePermission(db, user.id, orgId, 'empresa')
      if (retail.tipo !== 'v') fail('code', m.flagOnlyRetail)
      if (retail.bandeiraId) fail('code', m.flagAlreadyLinked)
      const [flag] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(sql`upper(${organizations.codigoBandeira})`, normalized), eq(organizations.tipo, 'b')))
      if (!flag) fail('code', m.flagCodeInvalid)
      await db.transaction(async (tx) => {
        // The flag's B channel before the unit's row: the order a message in it takes its locks.
        const { channel, created } = await holdChannel(tx, 'B', flag.id)
        // Only from no flag: a second request meanwhile must not count the unit in the channel twice.
        const joined = await tx.update(organizations).set({ bandeiraId: flag.id }).where(and(eq(organizations.id, orgId), isNull(organizations.bandeiraId))).returning({ id: organizations.id })
        if (joined.length === 0) fail('code', m.flagAlreadyLinked)
        await tx.insert(organizationLinks).values({ organizationId: flag.id, partnerId: orgId, relacao: 'unidade' }).onConflictDoNothing()
        if (!created) await channelJoined(tx, channel, orgId)
        await audit(tx, { organizationId: orgId, userId: user.id, acao: 'bandeira.entrou', detalhes: { bandeira_id: flag.id } })
        await audit(tx, { organizationId: flag.id, userId: user.id, acao: 'bandeira.unidade_entrou', detalhes: { unidade_id: orgId, unidade: retail.nome } })
      })
      return c.json({ message: m.flagAdded, bandeira: (await loadVisitingCard(db, flag.id, orgId))! }, 200)
    },
  )

  app.openapi(
    createRoute({ ...orgApi.deleteVarejo, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { orgId, bandeiraId } = c.req.valid('param')
      // Either side may end the link: the unit leaves, or the flag removes the unit.
      const byUnit = await mayAct(db, user.id, orgId, 'empresa')
      if (!byUnit && !(await mayAct(db, user.id, bandeiraId, 'empresa'))) abort(403, NOT_PERMITTED)
      const [retail] = await db.select().from(organizations).where(eq(organizations.id, orgId))
      if (!retail || retail.bandeiraId !== bandeiraId) abort(404, m.flagNotLinked)
      await db.transaction(async (tx) => {
        const { channel, created } = await holdChannel(tx, 'B', bandeiraId)
        const left = await tx.update(organizations).set({ bandeiraId: null }).where(and(eq(organizations.id, orgId), eq(organizations.bandeiraId, bandeiraId))).returning({ id: organizations.id })
        if (left.length === 0) abort(404, m.flagNotLinked)
        if (!created) await channelLeft(tx, channel, orgId)
        await tx
          .delete(organizationLinks)
          .where(and(eq(organizationLinks.organizationId, bandeiraId), eq(organizationLinks.partnerId, orgId), eq(organizationLinks.relacao, 'unidade')))
        await audit(tx, { organizationId: orgId, userId: user.id, acao: 'bandeira.saiu', detalhes: { bandeira_id: bandeiraId, por: byUnit ? 'unidade' : 'bandeira' } })
        await audit(tx, { organizationId: bandeiraId, userId: user.id, acao: 'bandeira.unidade_saiu', detalhes: { unidade_id: orgId, unidade: retail.nome } })
      })
      return c.json({ message: m.flagRemoved }, 200)
    },
  )

  app.openapi(
    createRoute({ ...orgApi.regenerateCode, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { organizacao_id } = c.req.valid('json')
      const { organization } = await requirePermission(db, user.id, organizacao_id, 'empresa')
      if (organization.tipo !== 'b') fail('organizacao_id', m.flagOnlyFlags)
      const code = await db.transaction(async (tx) => {
        // A clash with another flag's code is astronomically rare; the unique index refuses it and the retry picks another.
        for (;;) {
          const candidate = newFlagCode()
          const updated = await tx
            .update(organizations)
            .set({ codigoBandeira: candidate })
            .where(and(eq(organizations.id, organizacao_id), sql`not exists (select 1 from organizations o where upper(o.codigo_bandeira) = ${candidate})`))
            .returning({ id: organizations.id })
          if (updated.length) {
            await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'bandeira.codigo_gerado' })
            return candidate
          }
        }
      })
      return c.json({ message: m.flagCodeRegenerated, codigo_bandeira: code }, 200)
    },
  )
}
