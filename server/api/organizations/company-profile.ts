import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { organizationRestrictions } from '../../db/schema/index.ts'
import { bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { notificationsFor, overdueFor } from '../chat/channels.ts'
import { requireMembership } from './membership.ts'
import { idParam } from './org-id.ts'
import { permissionType, TRIAL_DAYS, trialDaysUsed } from './plan-features.ts'
import { feedbackPending } from './feedback.ts'
import { companyFace, companyFaceFields, ContactLinkSchema, loadContactLinks } from './visiting-card.ts'


const CompanyProfileSchema = z
  .object({
    ...companyFaceFields,
    links: z.array(ContactLinkSchema),
    is_linked: z.boolean(),
    restricoes: z.array(z.object({ restricao: z.string() })),
    bandeira_id: z.number().int().nullable(),
    permissions: z.object({ type: z.string(), pedidos_email: z.number().int() }),
    level: z.number().int(),
    is_admin: z.boolean(),
    vertical_id: z.number().int().nullable(),
    tokenbase: z.string().nullable(),
    logged_user: z.number().int(),
    trial_days: z.number().int(),
    active: z.boolean(),
    feedback: z.boolean(),
    plano: z.enum(['B', 'P', 'U', 'M']),
    /** Only for a flag (b): the code its units type in 'Minha bandeira'. */
    codigo_bandeira: z.string().nullable(),
    notificacoes_chat: z.number().int(),
    msg_atraso: z.number().int(),
    condicoes_restritas: z.number().int(),
  })
  .openapi('CompanyProfile')

/** Commercial e-mails per plan (spec §9): Pro 1, Pro + and Pro ∞ unlimited (0), Básico none. */
const PEDIDOS_EMAIL_BY_PLAN: Record<string, number> = { B: -1, P: 1, U: 0, M: 0 }


export function registerCompanyProfile(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/empresas/profile/{id}',
      tags: ['Organizações'],
      summary: 'Perfil da organização para a sessão (spec §3); só para membros',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: { params: z.object({ id: idParam(1, 'Organização') }) },
      responses: {
        200: jsonContent(CompanyProfileSchema, 'Perfil da organização'),
        403: jsonContent(MessageSchema, 'Não é membro'),
        ...errorResponses,
      },
    }),
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
