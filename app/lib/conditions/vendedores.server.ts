import { parseWithZod } from '@conform-to/zod/v4'
import * as sellersApi from '~/domain/conditions/sellers-contract.ts'
import { sellersMessages as m } from '~/domain/conditions/sellers-messages.ts'
import { PickCargosFormSchema, PickSellersFormSchema, RemoveSellersFormSchema } from '~/domain/conditions/sellers-schemas.ts'
import { SELLER_LIST } from '~/components/conditions/tab-lists.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { parseListState } from '~/lib/list-state.ts'
import type { ConditionTabContext, ConditionTabServer } from '~/lib/condition-tabs.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

const PER_PAGE = 20

async function load(ctx: ConditionTabContext) {
  const { request, url, detail } = ctx
  // Who sells is the seller's business: an OL serving the condition does not see its team.
  if (detail.acesso === 'ol') return { ol: true as const }
  const list = parseListState(SELLER_LIST, url.searchParams)
  const res = await api(request, sellersApi.restoreVendedores, { params: { conditionId: detail.condicao.id, regPerPage: PER_PAGE, search: list.q || 'null' }, query: { page: list.page } })
  if (!res.ok) return { ol: false as const, error: apiErrorMessages(res.data).join(' '), list, answer: null, picker: null }
  redirectPastLastPage(request, list.page, res.data.vendedores)
  let picker = null
  if (url.searchParams.get('modal') === 'adicionar-vendedor' && !res.data.somente_leitura) {
    const busca = (url.searchParams.get('busca') ?? '').trim().slice(0, 255)
    const params = { a: detail.condicao.id, b: busca || 'null' }
    const [usuarios, cargos] = await Promise.all([api(request, sellersApi.SearchVendedores, { params }), api(request, sellersApi.SearchCargosVendedores, { params })])
    picker = { busca, usuarios: usuarios.ok ? usuarios.data.usuarios : [], cargos: cargos.ok ? cargos.data.cargos : [] }
  }
  return { ol: false as const, error: null, list, answer: res.data, picker }
}

export type VendedoresData = Awaited<ReturnType<typeof load>>

async function act(ctx: ConditionTabContext, intent: string, formData: FormData) {
  const { request, detail } = ctx
  const condicao_id = detail.condicao.id
  const back = (() => {
    const url = new URL(ctx.back, ctx.url)
    url.searchParams.delete('busca')
    return `${url.pathname}${url.search}`
  })()
  const toast = (text: string, kind: 'success' | 'error' = 'success') => redirectWithToast(request, back, { kind, text })
  const answer = (res: { ok: true; data: { message: string } } | { ok: false; data: Parameters<typeof apiErrorMessages>[0] }) =>
    res.ok ? toast(res.data.message) : toast(apiErrorMessages(res.data).join(' '), 'error')

  switch (intent) {
    case 'add-sellers': {
      const submission = parseWithZod(formData, { schema: PickSellersFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      return answer(await api(request, sellersApi.addVendedoresList, { json: { condicao_id, usuarios: submission.value.usuarios } }))
    }
    case 'add-cargos': {
      const submission = parseWithZod(formData, { schema: PickCargosFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      return answer(await api(request, sellersApi.addCargosVendedores, { json: { condicao_id, cargos: submission.value.cargos } }))
    }
    case 'remove': {
      const submission = parseWithZod(formData, { schema: RemoveSellersFormSchema })
      if (submission.status !== 'success') return toast(m.userInvalid, 'error')
      const { vendedor, usuarios } = submission.value
      if (vendedor?.tipo === 'U') return answer(await api(request, sellersApi.deleteVendedor, { params: { conditionId: condicao_id, userId: vendedor.id } }))
      if (vendedor?.tipo === 'C') return answer(await api(request, sellersApi.deleteCargoVendedor, { params: { conditionId: condicao_id, cargoId: vendedor.id } }))
      if (!usuarios?.length) return toast(m.usersRequired, 'error')
      return answer(await api(request, sellersApi.deleteVendedorList, { json: { condicao_id, usuarios } }))
    }
    default:
      return toast('Ação desconhecida.', 'error')
  }
}

/** The sellers section (`?aba=vendedores`). */
export const vendedoresTab: ConditionTabServer = { load, act }
