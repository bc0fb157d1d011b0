import { createRoute } from '@hono/zod-openapi'
import { and, eq, sql } from 'drizzle-orm'
import { planChangeRefusals } from '../../../app/domain/plans/change.ts'
import * as plansApi from '../../../app/domain/plans/contract.ts'
import { planItems, planMessages as m } from '../../../app/domain/plans/messages.ts'
import { effectivePlan, PLAN_CODES, planOf, PLANS, runningTrial, UNLIMITED, type PlanCode, type PlanState } from '../../../app/domain/plans/plans.ts'
import type { Db, Tx } from '../../db/client.ts'
import { memberships, organizations } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, ValidationError, type Api, type Deps } from '../http.ts'
import { chatChannelName } from '../chat/messages.ts'
import { audit } from '../organizations/audit.ts'
import { requireMembership } from '../organizations/membership.ts'

/** A limit as the API writes it: null for no limit. */
const limitOut = (limit: number) => (limit === UNLIMITED ? null : limit)

/** A card of restorePlano; the price only for admins (the others see none). */
function planCard(code: PlanCode, isAdmin: boolean) {
  const plan = PLANS[code]
  const { limites: l, recursos: r, preco } = plan
  return {
    codigo: plan.codigo,
    nome: plan.nome,
    descricao: plan.descricao,
    itens: planItems(code),
    limites: { usuarios: limitOut(l.usuarios), emails_comerciais: limitOut(l.emailsComerciais), emails_pedidos: limitOut(l.emailsPedidos) },
    recursos: {
      chat_interno: r.chatInterno,
      chat_externo: r.chatExterno,
      dashboard: r.dashboard,
      condicoes_visiveis: r.condicoesVisiveis,
      pedidos_ilimitados: r.pedidosIlimitados,
      simulador: r.simulador,
      caca_pedidos: r.cacaPedidos,
      loja_virtual: r.lojaVirtual,
      integracoes: r.integracoes,
    },
    preco: isAdmin
      ? {
          tipo: preco.tipo,
          por_usuario_centavos: preco.tipo === 'por_usuario' ? preco.centavos : null,
          usuarios_minimos: preco.tipo === 'por_usuario' ? preco.usuariosMinimos : null,
        }
      : null,
  }
}

/**
 * The organization with what a plan change must respect (active members, order and commercial e-mails,
 * active and visible conditions) and its order count (the order counters, kept on write), in one statement; with `lock`, its
 * row is locked, so a team invite, an order or a commercial e-mail added meanwhile (all lock it too) waits for the change.
 * The subqueries name `organizations.id` in full: drizzle leaves a one-table select's columns unqualified.
 */
async function readOrganization(db: Db | Tx, orgId: number, lock: boolean) {
  const query = db
    .select({
      org: organizations,
      usuarios: sql<number>`(select count(*)::int from memberships m where m.organization_id = organizations.id and m.active)`,
      emailsPedidos: sql<number>`(select count(*)::int from order_emails e where e.organization_id = organizations.id)`,
      emailsComerciais: sql<number>`(select count(*)::int from company_emails e where e.organization_id = organizations.id and e.tipo = 'C')`,
      condicoesVisiveis: sql<number>`(select count(*)::int from conditions c where c.organization_id = organizations.id and c.ativo and c.visivel)`,
      pedidos: sql<number>`(select coalesce(sum(oc.total), 0)::int from order_counters oc where oc.organization_id = organizations.id)`,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
  const [row] = lock ? await query.for('update', { of: organizations }) : await query
  return row
}

/** The plan status (restorePlain), as the rules of app/domain/plans/plans.ts read it at `now`. */
function statusOf(org: PlanState, pedidos: number, now: Date) {
  const trial = runningTrial(org, now)
  return {
    plano: planOf(org.plano).codigo,
    plano_efetivo: effectivePlan(org, now),
    trial: trial !== null,
    trial_dias: trial?.daysUsed ?? 0,
    trial_plano: trial?.plano ?? null,
    trial_fim: trial?.endsAt.toISOString() ?? null,
    teste_usado: org.trialStartedAt !== null,
    pedidos,
  }
}

/** Membership first (another company's id is 403 before anything about it is read), then the admin flag. */
async function requireAdmin(tx: Tx, userId: number, orgId: number) {
  const { membership } = await requireMembership(tx, userId, orgId)
  if (!membership.isAdmin) abort(403, m.onlyAdmins)
}

/** The event a plan change sends each member's private channel: the pages open on the organization follow it. */
export const PLAN_EVENT = 'empresa-plano'

/**
 * After the commit, every active member's open pages of the organization are told (app/enhance/realtime.ts puts the
 * header's notices and an open plans modal as the server draws them now); a failure only leaves them as they were
 * until their next page.
 */
function announcePlan({ db, publisher }: Pick<Deps, 'db' | 'publisher'>, orgId: number, texto: string) {
  if (!publisher) return
  void db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.active, true)))
    .then((rows) => publisher.publish(rows.map((r) => chatChannelName(r.userId)), PLAN_EVENT, { organizacao_id: orgId, texto }))
    .catch((error: unknown) => console.error('Falha ao avisar a troca de plano', error))
}

/** The plans modal's calls (decision 050): the plans, the plan status, the trial and the plan change. */
export function registerPlans(app: Api, deps: Deps) {
  const { db } = deps
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...plansApi.restorePlano, middleware: [auth] as const }), async (c) => {
    const { orgId } = c.req.valid('param')
    const { membership } = await requireMembership(db, c.get('user').id, orgId)
    return c.json({ planos: PLAN_CODES.map((code) => planCard(code, membership.isAdmin)), is_admin: membership.isAdmin }, 200)
  })

  app.openapi(createRoute({ ...plansApi.restorePlain, middleware: [auth] as const }), async (c) => {
    const { orgId, plano } = c.req.valid('param')
    const { membership } = await requireMembership(db, c.get('user').id, orgId)
    const row = await readOrganization(db, orgId, false)
    const now = new Date()
    let mudanca = null
    if (plano !== null) {
      const motivos = [...(membership.isAdmin ? [] : [m.onlyAdmins]), ...planChangeRefusals(row.org.plano, row, plano)]
      mudanca = { plano, permitida: motivos.length === 0, motivos }
    }
    return c.json({ ...statusOf(row.org, row.pedidos, now), mudanca }, 200)
  })

  app.openapi(createRoute({ ...plansApi.startTrial, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { orgId, plano } = c.req.valid('param')
    const now = new Date()
    const { org, pedidos } = await db.transaction(async (tx) => {
      await requireAdmin(tx, user.id, orgId)
      const row = await readOrganization(tx, orgId, true)
      if (row.org.plano !== 'B') fail('plano', m.trialNotOnBasic(planOf(row.org.plano).nome))
      // One trial per organization: after it, the paid features come with a plan.
      if (row.org.trialStartedAt !== null) fail('plano', m.trialUsed)
      const [started] = await tx.update(organizations).set({ trialStartedAt: now, trialPlano: plano }).where(eq(organizations.id, orgId)).returning()
      await audit(tx, { organizationId: orgId, userId: user.id, acao: 'plano.teste_iniciado', detalhes: { plano } })
      return { org: started, pedidos: row.pedidos }
    })
    const message = m.trialStarted(PLANS[plano].nome)
    announcePlan(deps, orgId, message)
    return c.json({ message, situacao: statusOf(org, pedidos, now) }, 200)
  })

  app.openapi(createRoute({ ...plansApi.changePlain, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { orgId, plano, modo } = c.req.valid('param')
    const now = new Date()
    const { org, pedidos } = await db.transaction(async (tx) => {
      await requireAdmin(tx, user.id, orgId)
      const row = await readOrganization(tx, orgId, true)
      const refusals = planChangeRefusals(row.org.plano, row, plano)
      if (refusals.length > 0) throw new ValidationError({ plano: refusals })
      const [changed] = await tx.update(organizations).set({ plano }).where(eq(organizations.id, orgId)).returning()
      await audit(tx, { organizationId: orgId, userId: user.id, acao: 'plano.alterado', detalhes: { de: row.org.plano, para: plano, modo } })
      return { org: changed, pedidos: row.pedidos }
    })
    const message = m.changed(PLANS[plano].nome)
    announcePlan(deps, orgId, message)
    return c.json({ message, situacao: statusOf(org, pedidos, now) }, 200)
  })
}
