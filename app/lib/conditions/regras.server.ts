import { parseWithZod } from '@conform-to/zod/v4'
import * as rulesApi from '~/domain/conditions/rules-contract.ts'
import { DeleteRuleFormSchema, readScope, RuleFormSchema, UpdateRuleFormSchema } from '~/domain/conditions/rules-schemas.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import type { ConditionTabServer } from '~/lib/condition-tabs.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/** The API's scope fields are one select on the screen (alcance): their messages go under it. */
const RENAME = { marca: 'alcance', categoria: 'alcance', produto_id: 'alcance' }
const FIELDS = ['nome', 'tipo', 'minimo', 'desconto', 'alcance']

/** The rule as typed: threshold and percent go as text, the API reads them by the rule's type. */
function typed(formData: FormData) {
  const scope = readScope(String(formData.get('alcance') ?? '')) ?? { marca: null, categoria: null, produto_id: null }
  return {
    nome: String(formData.get('nome') ?? ''),
    tipo: String(formData.get('tipo') ?? '') as 'Q' | 'V' | 'M',
    minimo: String(formData.get('minimo') ?? ''),
    desconto: String(formData.get('desconto') ?? ''),
    ...scope,
  }
}

/**
 * The 'Regras' section: the condition's discount rules in plain language; the seller's members with
 * 'condicoes' add, edit and delete any; an OL's members with it add and change the OL's own rules.
 */
export const regrasTab: ConditionTabServer = {
  async load(ctx) {
    const answer = await apiRead(ctx.request, rulesApi.restoreRules, { params: { conditionId: ctx.detail.condicao.id }, query: { organizacao_id: ctx.orgId } })
    return { regras: answer.regras, alcances: answer.alcances, parceiroId: answer.parceiro_id, podeAlterar: answer.pode_alterar }
  },

  async act(ctx, intent, formData) {
    const done = (text: string) => redirectWithToast(ctx.request, ctx.back, { kind: 'success', text })
    const conditionId = ctx.detail.condicao.id
    if (intent === 'add-rule') {
      const submission = parseWithZod(formData, { schema: RuleFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      // An OL adds its own rules; the seller the condition's.
      const res =
        ctx.detail.acesso === 'ol' && ctx.detail.parceiro
          ? await api(ctx.request, rulesApi.addRulesParceiro, { json: { condicao_id: conditionId, parceiro_id: ctx.detail.parceiro.id, ...typed(formData) } })
          : await api(ctx.request, rulesApi.addRules, { json: { condicao_id: conditionId, ...typed(formData) } })
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.data, { fields: FIELDS, rename: RENAME }) }
      return done(res.data.message)
    }
    if (intent === 'update-rule') {
      const submission = parseWithZod(formData, { schema: UpdateRuleFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const res = await api(ctx.request, rulesApi.updateRules, {
        json: { regra_id: submission.value.regra_id, ativo: submission.value.ativo === '1', ...typed(formData) },
      })
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.data, { fields: FIELDS, rename: RENAME }) }
      return done(res.data.message)
    }
    if (intent === 'delete-rule') {
      const submission = parseWithZod(formData, { schema: DeleteRuleFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const res = await api(ctx.request, rulesApi.deleteRules, { params: { regraId: submission.value.regra_id } })
      if (!res.ok) return redirectWithToast(ctx.request, ctx.back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
      return done(res.data.message)
    }
    return redirectWithToast(ctx.request, ctx.back, { kind: 'error', text: 'Ação desconhecida.' })
  },
}
