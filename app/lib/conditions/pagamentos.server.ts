import { parseWithZod } from '@conform-to/zod/v4'
import * as termsApi from '~/domain/conditions/terms-contract.ts'
import { DeleteTermFormSchema, SimulationFormSchema, TermFormSchema, UpdateTermFormSchema } from '~/domain/conditions/terms-schemas.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import type { ConditionTabServer } from '~/lib/condition-tabs.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

const TERM_FIELDS = ['nome', 'prazo_dias', 'minimo', 'formula']

/** The form's texts as typed: the API reads the BRL amount and the formula itself. */
const typed = (formData: FormData) => ({
  nome: String(formData.get('nome') ?? ''),
  prazo_dias: String(formData.get('prazo_dias') ?? ''),
  minimo: String(formData.get('minimo') ?? ''),
  formula: String(formData.get('formula') ?? ''),
})

/**
 * The 'Pagamentos' section: the condition's payment terms, their add/edit/delete modals (by ?modal=),
 * and the 'Simular' form, a GET form (?desconto=&total=) answered by restoreTokenbase.
 */
export const pagamentosTab: ConditionTabServer = {
  async load(ctx) {
    const conditionId = ctx.detail.condicao.id
    const terms = await apiRead(ctx.request, termsApi.restorePagamentosCondicao, {
      params: { conditionId, order: 'asc', orderingField: 'prazo_dias' },
      query: { organizacao_id: ctx.orgId },
    })
    const desconto = ctx.url.searchParams.get('desconto')
    const total = ctx.url.searchParams.get('total')
    let simulacao: { desconto: string; total: string; errors: Record<string, string[]>; answer: { token: string | null; opcoes: unknown[] } | null } | null = null
    if (desconto !== null || total !== null) {
      const parsed = SimulationFormSchema.safeParse({ desconto: desconto ?? '', total: total ?? '' })
      const errors: Record<string, string[]> = {}
      if (!parsed.success) for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message)
      let answer = null
      if (parsed.success) {
        const res = await api(ctx.request, termsApi.restoreTokenbase, {
          query: {
            condicao_id: conditionId,
            desconto: desconto ?? '',
            total: parsed.data.total,
            organizacao_id: ctx.orgId,
          },
        })
        if (res.ok) answer = res.data
        else errors.desconto = apiErrorMessages(res.data)
      }
      simulacao = { desconto: desconto ?? '', total: total ?? '', errors, answer }
    }
    return { pagamentos: terms.pagamentos, tokenbase: terms.tokenbase, podeAlterar: terms.pode_alterar, simulacao }
  },

  async act(ctx, intent, formData) {
    const done = (text: string) => redirectWithToast(ctx.request, ctx.back, { kind: 'success', text })
    if (intent === 'add-term' || intent === 'update-term') {
      const schema = intent === 'add-term' ? TermFormSchema : UpdateTermFormSchema
      const submission = parseWithZod(formData, { schema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const res =
        intent === 'add-term'
          ? await api(ctx.request, termsApi.addPagamento, { json: { condicao_id: ctx.detail.condicao.id, ...typed(formData) } })
          : await api(ctx.request, termsApi.updatePagamento, { json: { pagamento_id: String(formData.get('pagamento_id') ?? ''), ...typed(formData) } })
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.data, { fields: TERM_FIELDS }) }
      return done(res.data.message)
    }
    if (intent === 'delete-term') {
      const submission = parseWithZod(formData, { schema: DeleteTermFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const res = await api(ctx.request, termsApi.deletePagamentoCondicao, { params: { pagamentoId: submission.value.pagamento_id } })
      if (!res.ok) return redirectWithToast(ctx.request, ctx.back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
      return done(res.data.message)
    }
    return redirectWithToast(ctx.request, ctx.back, { kind: 'error', text: 'Ação desconhecida.' })
  },
}
