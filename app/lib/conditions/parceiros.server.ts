import { parseWithZod } from '@conform-to/zod/v4'
import * as partnersApi from '~/domain/conditions/partners-contract.ts'
import { partnerMessages as m } from '~/domain/conditions/partners-messages.ts'
import { InvitePartnerFormSchema, MirrorFormSchema, PartnerOrgFormSchema, PartnerRowFormSchema } from '~/domain/conditions/partners-schemas.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import type { ConditionTabContext, ConditionTabServer } from '~/lib/condition-tabs.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const INVITE_MODAL = 'convidar-ol'
export const REMOVE_MODAL = 'remover-ol'
export const MIRROR_MODAL = 'espelhar-ol'

/**
 * The 'OLs' section: the seller's members see every OL with its answer, discount and mirror, and
 * invite, remove and mirror (the API asks for 'condicoes' and answers the refusal as a toast); an
 * OL's members see only their own row, with the way to /olDetails where they answer.
 */
async function load(ctx: ConditionTabContext) {
  const conditionId = ctx.detail.condicao.id
  const { parceiros } = await apiRead(ctx.request, partnersApi.restoreParceiros, { params: { conditionId }, query: { organizacao_id: ctx.orgId } })
  const modal = ctx.url.searchParams.get('modal')
  const busca = (ctx.url.searchParams.get('busca') ?? '').trim().slice(0, 100)
  let encontrados: { id: number; nome: string; cnpj: string; cidade: string | null; uf: string | null }[] | null = null
  if (ctx.detail.acesso === 'vendedor' && modal === INVITE_MODAL && busca) {
    const res = await api(ctx.request, partnersApi.searchParceiros, { params: { companyId: ctx.detail.condicao.organizacao_id, search: busca } })
    const taken = new Set(parceiros.filter((p) => p.status !== 'recusado').map((p) => p.organizacao_id))
    encontrados = res.ok ? res.data.parceiros.filter((o) => !taken.has(o.id)) : []
  }
  return { parceiros, busca, encontrados }
}

export type ParceirosTabData = Awaited<ReturnType<typeof load>>

async function act(ctx: ConditionTabContext, intent: string, formData: FormData) {
  const done = (text: string) => redirectWithToast(ctx.request, ctx.back, { kind: 'success', text })
  const refused = (text: string) => redirectWithToast(ctx.request, ctx.back, { kind: 'error', text })
  const conditionId = ctx.detail.condicao.id
  switch (intent) {
    case 'invite-ol': {
      const submission = parseWithZod(formData, { schema: InvitePartnerFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      // The discount goes as typed: the API reads the pt-BR number itself.
      const res = await api(ctx.request, partnersApi.addParceiros, {
        json: { condicao_id: conditionId, parceiros: [{ organizacao_id: submission.value.organizacao_id, desconto_extra: String(formData.get('desconto_extra') ?? '') }] },
      })
      if (!res.ok) {
        const rename = { 'parceiros.0.organizacao_id': 'organizacao_id', 'parceiros.0.desconto_extra': 'desconto_extra' }
        return { intent, result: replyWithApiError(submission, res.data, { fields: ['organizacao_id', 'desconto_extra'], rename }) }
      }
      return done(res.data.message)
    }
    case 'remove-ol': {
      const submission = parseWithZod(formData, { schema: PartnerOrgFormSchema })
      if (submission.status !== 'success') return refused(m.partnerNotFound)
      const res = await api(ctx.request, partnersApi.deleteParceiro, { params: { conditionId, partnerId: submission.value.organizacao_id, isOperator: 0 } })
      return res.ok ? done(res.data.message) : refused(apiErrorMessages(res.data).join(' '))
    }
    case 'mirror-ol': {
      const submission = parseWithZod(formData, { schema: MirrorFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const { parceiro_id: id, origem } = submission.value
      const res = await api(ctx.request, partnersApi.mirrorOl, { params: { id }, query: { origem } })
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.data, { fields: ['origem'] }) }
      return done(res.data.message)
    }
    case 'unmirror-ol': {
      const submission = parseWithZod(formData, { schema: PartnerRowFormSchema })
      if (submission.status !== 'success') return refused(m.partnerNotFound)
      const res = await api(ctx.request, partnersApi.unmirrorOl, { params: { id: submission.value.parceiro_id } })
      return res.ok ? done(res.data.message) : refused(apiErrorMessages(res.data).join(' '))
    }
    default:
      return refused('Ação desconhecida.')
  }
}

export const parceirosTab: ConditionTabServer = { load, act }
