import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { organizationRestrictions } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { notificationsFor, overdueFor } from '../chat/channels.ts'
import { requireMembership } from './membership.ts'
import { permissionType, TRIAL_DAYS, trialDaysUsed } from './plan-features.ts'
import { feedbackPending } from './feedback.ts'
import { companyFace, loadContactLinks } from './visiting-card.ts'



/** Commercial e-mails per plan (spec §9): Pro 1, Pro + and Pro ∞ unlimited (0), Básico none. */
const PEDIDOS_EMAIL_BY_PLAN: Record<string, number> = { B: -1, P: 1, U: 0, M: 0 }


export function registerCompanyProfile(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.profile, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const user = c.get('user')
      const { id } = c.req.valid('param')
      const { membership: m, organization: o } = await requireMembership(db, user.id, id)
      const restrictions = await db
        .select({ restricao: organizationRestrictions.restricao })
        .from(organizationRestrictions)
        .where(eq(organizationRestrictions.organizationId, o.id))
      const links = await loadContactLinks(db, o.id)
      const trialUsed = trialDaysUsed(o)
      return c.json(
        {
          ...companyFace(o),
          links,
          is_linked: o.bandeiraId !== null,
          restricoes: restrictions,
          bandeira_id: o.bandeiraId,
          permissions: { type: permissionType(o.plano, trialUsed, o.trialStartedAt !== null), pedidos_email: PEDIDOS_EMAIL_BY_PLAN[o.plano] ?? -1 },
          level: m.level,
          is_admin: m.isAdmin,
          vertical_id: o.verticalId,
          tokenbase: o.tokenbase,
          logged_user: user.id,
          trial_days: o.trialStartedAt ? Math.min(TRIAL_DAYS, trialUsed) : 0,
          active: o.active,
          // Asked of each member once: answered, the member enters freely.
          feedback: await feedbackPending(db, o, user.id),
          plano: o.plano as 'B' | 'P' | 'U' | 'M',
          codigo_bandeira: o.tipo === 'b' ? o.codigoBandeira : null,
          // The chat and the conditions issues fill these counters.
          notificacoes_chat: (await notificationsFor(db, user.id, o)).total,
          msg_atraso: await overdueFor(db, o),
          condicoes_restritas: 0,
        },
        200,
      )
    },
  )
}
