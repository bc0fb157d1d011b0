import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { perDatabase } from '../../db/per-database.ts'
import { conditions, memberships, organizationContactLinks, organizationFeedbacks, organizationRestrictions, organizations } from '../../db/schema/index.ts'
import { abort, requireAuth, type Api, type Deps } from '../http.ts'
import { recountedChatCounters, storedChatCounters, sumChatCounters } from '../chat/header-counters.ts'
import { NOT_A_MEMBER } from './membership.ts'
import { limitAsPermission, permissionType, planLimit, planOf, trialDaysUsed } from '../../../app/domain/plans/plans.ts'
import { companyFace } from './visiting-card.ts'
import { PERMISSION_IDS } from '../../../app/domain/team/permissions.ts'

const r = organizationRestrictions
const l = organizationContactLinks
const f = organizationFeedbacks
// Aliased: the chat counters' subquery reads other organizations (the channels' owners).
const o = alias(organizations, 'o')

const userId = sql.placeholder('userId')
const prepareProfileQuery = (db: Db, recount: boolean) =>
  db
    .select({
      m: memberships,
      o,
      restricoes: sql<{ restricao: string }[]>`coalesce((select json_agg(json_build_object('restricao', ${r.restricao})) from ${r} where ${r.organizationId} = ${o.id}), '[]'::json)`,
      links: sql<{ id: number; type: string; content: string }[]>`coalesce((
        select json_agg(json_build_object('id', ${l.id}, 'type', ${l.type}, 'content', ${l.content}) order by ${l.position}, ${l.id})
        from ${l} where ${l.organizationId} = ${o.id}), '[]'::json)`,
      held: sql<string[]>`array(select cp.permissao from cargo_permissions cp where cp.cargo_id = ${memberships.cargoId})`,
      answered: sql<boolean>`exists (select 1 from ${f} where ${f.organizationId} = ${o.id} and ${f.userId} = ${userId})`,
      counters: recount ? recountedChatCounters(userId, o) : storedChatCounters(userId, o),
      // Conditions the seller means its buyers to see, which a Básico plan keeps from them.
      visibleConditions: sql<number>`(select count(*)::int from ${conditions} where ${conditions.organizationId} = ${o.id} and ${conditions.ativo} and ${conditions.visivel})`,
    })
    .from(memberships)
    .innerJoin(o, eq(o.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, sql.placeholder('organizationId')), eq(memberships.active, true)))
    .prepare(recount ? 'company_profile_recount' : 'company_profile')

/** Built once per database (and, on PostgreSQL, planned once per connection). */
const storedProfileQuery = perDatabase((db) => prepareProfileQuery(db, false))
const recountedProfileQuery = perDatabase((db) => prepareProfileQuery(db, true))
const profileQuery = (db: Db, recount: boolean) => (recount ? recountedProfileQuery : storedProfileQuery)(db)

/**
 * Every company screen reads this profile (the private layout), so it is read in one statement: the
 * membership with the organization, its restrictions, its visiting card's links (in the order the
 * company gave them), whether this member still owes the feedback, the header's chat counters (kept on
 * write: their cost does not grow with the company's customers and channels) and its count of suspended
 * conditions.
 */
export function registerCompanyProfile(app: Api, { db, recountHeaderCounters = false }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.profile, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const user = c.get('user')
      const { id } = c.req.valid('param')
      const [row] = await profileQuery(db, recountHeaderCounters).execute({ userId: user.id, organizationId: id })
      if (!row) abort(403, NOT_A_MEMBER)
      const { m, o: org } = row
      const counters = sumChatCounters(row.counters)
      const now = new Date()
      return c.json(
        {
          ...companyFace(org),
          links: row.links,
          is_linked: org.bandeiraId !== null,
          restricoes: row.restricoes,
          bandeira_id: org.bandeiraId,
          permissions: { type: permissionType(org, now), pedidos_email: limitAsPermission(planLimit(org.plano, 'emailsPedidos')) },
          level: m.level,
          is_admin: m.isAdmin,
          permissoes: m.isAdmin ? [...PERMISSION_IDS] : PERMISSION_IDS.filter((p) => row.held.includes(p)),
          vertical_id: org.verticalId,
          tokenbase: org.tokenbase,
          logged_user: user.id,
          trial_days: trialDaysUsed(org, now),
          active: org.active,
          // Asked of each member once: answered, the member enters freely.
          feedback: org.feedback && !row.answered,
          plano: org.plano as 'B' | 'P' | 'U' | 'M',
          codigo_bandeira: org.tipo === 'b' ? org.codigoBandeira : null,
          notificacoes_chat: counters.unread,
          msg_atraso: counters.overdue,
          msg_atraso_tipos: counters.overdueByType,
          // The plan held, not the trial (decision 021): a seller on trial is told what the end of it hides.
          condicoes_restritas: planOf(org.plano).recursos.condicoesVisiveis ? 0 : row.visibleConditions,
        },
        200,
      )
    },
  )
}
