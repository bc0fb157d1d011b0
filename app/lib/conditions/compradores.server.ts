import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { z } from 'zod'
import * as buyersApi from '~/domain/conditions/buyers-contract.ts'
import { buyersMessages as m } from '~/domain/conditions/buyers-messages.ts'
import { AddOneBuyerFormSchema, FindBuyerFormSchema, PickCustomersFormSchema, RemoveBuyersFormSchema } from '~/domain/conditions/buyers-schemas.ts'
import * as customersApi from '~/domain/customers/contract.ts'
import { normalizeCnpj } from '~/domain/organization/cnpj.ts'
import { readsArea } from '~/domain/team/area-readers.ts'
import { BUYER_LIST } from '~/components/conditions/tab-lists.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { parseListState } from '~/lib/list-state.ts'
import type { ConditionTabContext, ConditionTabServer } from '~/lib/condition-tabs.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { IMPORT_INTENT, IMPORT_PARAM } from '~/lib/spreadsheet-import.ts'
import { loadImportFromUrl } from '~/lib/spreadsheet-import.server.ts'

const PER_PAGE = 20
const PICK_PER_PAGE = 10

/** The OL whose list is shown: an OL always sees its own; the seller the one chosen (none = direct). */
function olOf(ctx: ConditionTabContext) {
  if (ctx.detail.acesso === 'ol' && ctx.detail.parceiro) return ctx.detail.parceiro.organizacao_id
  return parseListState(BUYER_LIST, ctx.url.searchParams).lista
}

/** Where a post goes back to: the list as it was, without the modal's own parameters. */
function backTo(ctx: ConditionTabContext, extra: Record<string, string | null> = {}) {
  const url = new URL(ctx.back, ctx.url)
  for (const key of ['cnpj', 'busca', IMPORT_PARAM, 'relatorio']) url.searchParams.delete(key)
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) url.searchParams.delete(key)
    else url.searchParams.set(key, value)
  }
  return `${url.pathname}${url.search}`
}

async function load(ctx: ConditionTabContext) {
  const { request, url, detail } = ctx
  const list = parseListState(BUYER_LIST, url.searchParams)
  const ol = olOf(ctx)
  const common = { regPerPage: PER_PAGE, search: list.q || 'null', type: list.tipo }
  const res = ol
    ? await api(request, buyersApi.restoreCompradoresOls, { params: { conditionId: detail.condicao.id, olId: ol, ...common }, query: { page: list.page } })
    : await api(request, buyersApi.restoreCompradores, { params: { conditionId: detail.condicao.id, ...common }, query: { page: list.page } })
  if (!res.ok) return { error: apiErrorMessages(res.data).join(' '), list, answer: null, lookup: null, customers: null, importacao: null, ownList: false, modalOpen: false }
  redirectPastLastPage(request, list.page, res.data.compradores)
  const answer = res.data
  const modal = url.searchParams.get('modal')
  // The picker lists the caller's own customers: those of the list's owner only when the caller is it.
  const ownList = detail.acesso === 'ol' || ol === null
  let lookup: { cnpj: string; found: z.output<typeof buyersApi.VarejoSchema> | null; error: string | null } | null = null
  const cnpj = normalizeCnpj(url.searchParams.get('cnpj') ?? '').slice(0, 30)
  if (modal === 'adicionar-comprador' && cnpj) {
    const found = await api(request, buyersApi.restoreVarejos, { params: { cnpj, x: detail.condicao.id }, query: ol && detail.acesso === 'vendedor' ? { ol } : {} })
    lookup = { cnpj, found: found.ok ? found.data : null, error: found.ok ? null : apiErrorMessages(found.data).join(' ') }
  }
  let customers = null
  // The picker is the customers area's list: without reading it, a buyer is added by CNPJ.
  if (modal === 'adicionar-comprador' && ownList && !answer.somente_leitura && readsArea(ctx.permissoes, 'clientes')) {
    const busca = (url.searchParams.get('busca') ?? '').trim().slice(0, 255)
    const { clientes } = await apiRead(request, customersApi.restoreClientes, {
      params: { companyId: ctx.orgId, regPerPage: PICK_PER_PAGE, search: busca || 'null', filter: 'todos', order: 'nome' },
      query: { page: 1 },
    })
    customers = { busca, page: clientes }
  }
  const importacao = detail.acesso === 'vendedor' && !answer.somente_leitura ? await loadImportFromUrl(request) : null
  return { error: null, list, answer, lookup, customers, importacao, ownList, modalOpen: modal === 'adicionar-comprador' }
}

export type CompradoresData = Awaited<ReturnType<typeof load>>

const toast = (ctx: ConditionTabContext, text: string, kind: 'success' | 'error' = 'success', to = backTo(ctx)) => redirectWithToast(ctx.request, to, { kind, text })

async function act(ctx: ConditionTabContext, intent: string, formData: FormData) {
  const { request, detail } = ctx
  const condicao_id = detail.condicao.id
  const ol = olOf(ctx)
  const parceiro_id = ol
  const refused = (res: { data: Parameters<typeof apiErrorMessages>[0] }) => toast(ctx, apiErrorMessages(res.data).join(' '), 'error')

  switch (intent) {
    case 'find-buyer': {
      const submission = parseWithZod(formData, { schema: FindBuyerFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      return redirect(backTo(ctx, { modal: 'adicionar-comprador', cnpj: submission.value.cnpj }))
    }
    case 'add-buyer': {
      const submission = parseWithZod(formData, { schema: AddOneBuyerFormSchema })
      if (submission.status !== 'success') return toast(ctx, m.buyerOneOf, 'error')
      const v = submission.value
      const res = await api(request, buyersApi.addCompradores, {
        json: { condicao_id, parceiro_id, compradores: [v.cliente_id !== undefined ? { cliente_id: v.cliente_id } : { bandeira_id: v.bandeira_id! }] },
      })
      return res.ok ? toast(ctx, res.data.message) : refused(res)
    }
    case 'pick-customers': {
      const submission = parseWithZod(formData, { schema: PickCustomersFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const res = await api(request, buyersApi.addCompradores, { json: { condicao_id, parceiro_id, compradores: submission.value.clientes.map((cliente_id) => ({ cliente_id })) } })
      return res.ok ? toast(ctx, res.data.message) : refused(res)
    }
    case 'add-all': {
      const res = await api(request, buyersApi.addCompradoresList, { json: { condicao_id, parceiro_id, todos_clientes: true } })
      return res.ok ? toast(ctx, res.data.message) : refused(res)
    }
    case 'remove': {
      const submission = parseWithZod(formData, { schema: RemoveBuyersFormSchema })
      if (submission.status !== 'success') return toast(ctx, m.buyerNotFound, 'error')
      const { comprador_id, compradores } = submission.value
      if (comprador_id !== undefined) {
        const res = await api(request, buyersApi.deleteCompradores, { json: { condicao_id, comprador_id } })
        return res.ok ? toast(ctx, res.data.message) : refused(res)
      }
      if (!compradores?.length) return toast(ctx, m.buyersRequired, 'error')
      const res = await api(request, buyersApi.deleteCompradoresList, { json: { condicao_id, compradores } })
      return res.ok ? toast(ctx, res.data.message) : refused(res)
    }
    case IMPORT_INTENT: {
      const file = formData.get('arquivo')
      if (!(file instanceof File) || file.size === 0) return { intent, result: { importError: m.importFileRequired } }
      const form = new FormData()
      form.set('condicao_id', String(condicao_id))
      form.set('arquivo', file)
      const res = await api(request, buyersApi.importCompradores, { form })
      if (!res.ok) return { intent, result: { importError: apiErrorMessages(res.data).join(' ') } }
      return redirect(backTo(ctx, { [IMPORT_PARAM]: String(res.data.importacao.id), lista: null }))
    }
    default:
      return toast(ctx, 'Ação desconhecida.', 'error')
  }
}

/** The buyers section (`?aba=compradores`). */
export const compradoresTab: ConditionTabServer = { load, act }
