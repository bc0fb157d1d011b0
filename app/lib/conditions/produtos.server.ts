import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import * as catalogApi from '~/domain/catalog/contract.ts'
import { centavosToInput } from '~/domain/catalog/money.ts'
import * as api_ from '~/domain/conditions/products-contract.ts'
import { conditionProductsMessages as m } from '~/domain/conditions/products-messages.ts'
import { AddLinesFormSchema, EditLinesFormSchema, RemoveLinesFormSchema } from '~/domain/conditions/products-schemas.ts'
import { idListParam } from '~/domain/shared/fields.ts'
import { spreadsheetMessages as sm } from '~/domain/spreadsheets/messages.ts'
import { readsArea } from '~/domain/team/area-readers.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import type { ConditionTabContext, ConditionTabServer } from '~/lib/condition-tabs.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { IMPORT_INTENT, IMPORT_PARAM, REPORT_PAGE_PARAM } from '~/lib/spreadsheet-import.ts'
import { idOf, loadImportFromUrl } from '~/lib/spreadsheet-import.server.ts'
import { LINES_PER_PAGE, PICK_PER_PAGE, type ProductsTabData } from '~/components/conditions/produtos-types.ts'
import { LINE_LIST } from '~/components/conditions/tab-lists.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { pageOf, parseListState } from '~/lib/list-state.ts'

/** `?filtro=` of the lines: 'marca:Medley', 'categoria:X', 'ativo:1', 'imposto:0'… as the call's filterType/filter. */
function filterOf(value: string): { filterType: api_.LineFilterType; filter: string } | null {
  const match = /^(marca|categoria|ativo|imposto):(.{1,80})$/.exec(value)
  return match ? { filterType: match[1] as api_.LineFilterType, filter: match[2] } : null
}

/** A path segment of the spec's calls: `null` says "no value". */
const segment = (value: string) => value || 'null'

/** The picker's ticks (`sel`, one parameter each): ids, once each, at most as many as one add takes. */
const pickedIds = (values: string[]) => [...new Set(values.filter((v) => /^\d{1,10}$/.test(v)).map(Number))].slice(0, 1000)

/** Ids in the address (`?ids=1,2,3`) for the bulk edit and the remove confirmation. */
async function load(ctx: ConditionTabContext): Promise<ProductsTabData> {
  const { url, request, detail } = ctx
  const get = (key: string) => (url.searchParams.get(key) ?? '').trim()
  const state = parseListState(LINE_LIST, url.searchParams)
  const f = filterOf(state.filtro)
  const isSeller = detail.acesso === 'vendedor'
  const modal = get('modal')
  // The picker's own list in the same address: its words and page under names of their own.
  const pick = { q: get('pq').slice(0, 255), page: pageOf(get('pp')), sel: pickedIds(url.searchParams.getAll('sel')) }
  const [lines, filtros, importacao] = await Promise.all([
    apiRead(request, api_.restoreCondicaoProdutos, {
      params: {
        organizationId: ctx.orgId,
        conditionId: detail.condicao.id,
        regPerPage: LINES_PER_PAGE,
        filterType: f?.filterType ?? 'todos',
        filter: segment(f?.filter ?? ''),
        search: segment(state.q),
      },
      query: { page: state.page },
    }),
    // The catalogue's brands and categories are the products area's: without reading it, the lines are filtered by words.
    isSeller && readsArea(ctx.permissoes, 'produtos')
      ? apiRead(request, catalogApi.catalogoFiltros, { params: { orgId: detail.condicao.organizacao_id } })
      : Promise.resolve({ marcas: [], categorias: [] }),
    isSeller ? loadImportFromUrl(request) : Promise.resolve(null),
  ])
  redirectPastLastPage(request, state.page, lines.produtos)
  const canChange = lines.pode_alterar
  const catalogue =
    canChange && modal === 'adicionar'
      ? (
          await apiRead(request, api_.restoreProdutos, {
            params: {
              conditionId: detail.condicao.id,
              regPerPage: PICK_PER_PAGE,
              search: segment(pick.q),
              filter: 'fora',
              filterType: 'todos',
              orderingField: 'nome',
              order: 'asc',
              partnerType: 'C',
            },
            query: { page: pick.page },
          })
        ).produtos
      : null
  return { lines, state, marcas: filtros.marcas, categorias: filtros.categorias, catalogue, pick, ids: idListParam(url.searchParams, 1000), importacao }
}

/** The import form: the file goes to importCondicaoList with the condition; the job then shows in the address. */
async function startImport(ctx: ConditionTabContext, formData: FormData) {
  const file = formData.get('arquivo')
  if (!(file instanceof File) || file.size === 0) return { intent: IMPORT_INTENT, result: { importError: file instanceof File && file.name ? sm.noHeader : sm.fileRequired } }
  const form = new FormData()
  form.set('condicao_id', String(ctx.detail.condicao.id))
  form.set('arquivo', file)
  const res = await api(ctx.request, api_.importCondicaoList, { form })
  if (!res.ok) return { intent: IMPORT_INTENT, result: { importError: apiErrorMessages(res.data).join(' ') } }
  return redirect(withJob(ctx.back, res.data.importacao.id))
}

function withJob(back: string, jobId: number) {
  const url = new URL(back, 'http://x')
  url.searchParams.delete(REPORT_PAGE_PARAM)
  url.searchParams.set(IMPORT_PARAM, String(jobId))
  return `${url.pathname}${url.search}`
}

async function act(ctx: ConditionTabContext, intent: string, formData: FormData) {
  const { request, back, detail } = ctx
  const conditionId = detail.condicao.id
  const toast = (kind: 'success' | 'error', text: string) => redirectWithToast(request, back, { kind, text })
  const errorsOf = (error: Record<string, string[] | null> | null | undefined) =>
    Object.values(error ?? {})
      .flat()
      .filter(Boolean)
      .join(' ')
  switch (intent) {
    case 'adicionar': {
      // Refused, the picker stays open on its search, page and ticks; done, the list is shown without them.
      const ticked = formData.getAll('sel').map(String)
      const picker = new URL(back, 'http://x')
      picker.searchParams.set('modal', 'adicionar')
      picker.searchParams.delete('sel')
      for (const id of pickedIds(ticked)) picker.searchParams.append('sel', String(id))
      const list = new URL(back, 'http://x')
      for (const key of ['pq', 'pp', 'sel']) list.searchParams.delete(key)
      const to = (url: URL) => `${url.pathname}${url.search}`
      const picked = new FormData()
      for (const id of ticked) picked.append('ids', id)
      const submission = parseWithZod(picked, { schema: AddLinesFormSchema })
      if (submission.status !== 'success') return redirectWithToast(request, to(picker), { kind: 'error', text: errorsOf(submission.error) || m.idsRequired })
      const res = await api(request, api_.importCondicao, { json: { condicao_id: conditionId, produtos: submission.value.ids } })
      if (!res.ok) return redirectWithToast(request, to(picker), { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
      return redirectWithToast(request, to(list), { kind: 'success', text: res.data.message })
    }
    case 'selecionados': {
      const ids = formData.getAll('ids').map(String).filter((v) => /^\d{1,10}$/.test(v))
      if (ids.length === 0) return toast('error', m.idsRequired)
      const url = new URL(back, 'http://x')
      url.searchParams.set('modal', formData.get('acao') === 'remover' ? 'remover' : 'editar-varios')
      url.searchParams.set('ids', ids.slice(0, 1000).join(','))
      return redirect(`${url.pathname}${url.search}`)
    }
    case 'editar': {
      const submission = parseWithZod(formData, { schema: EditLinesFormSchema })
      if (submission.status !== 'success') return { intent, result: submission.reply() }
      const v = submission.value
      const res = await api(request, api_.updateCondicaoProdutos, {
        json: {
          condicao_id: conditionId,
          ids: v.ids,
          desconto: v.desconto,
          preco_liquido: v.preco_liquido === undefined ? undefined : centavosToInput(v.preco_liquido),
          qtd_min: v.qtd_min,
          qtd_max: v.sem_maximo ? null : v.qtd_max,
          multiplo: v.multiplo,
          imposto: v.imposto,
          ativo: v.ativo,
        },
      })
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.data, { fields: ['desconto', 'preco_liquido', 'qtd_min', 'qtd_max', 'multiplo'] }) }
      return toast('success', res.data.message)
    }
    case 'remover': {
      const submission = parseWithZod(formData, { schema: RemoveLinesFormSchema })
      if (submission.status !== 'success') return toast('error', errorsOf(submission.error) || m.idsRequired)
      const res = await api(request, api_.deleteCondicaoProdutos, { json: { condicao_id: conditionId, ids: submission.value.ids } })
      return toast(res.ok ? 'success' : 'error', res.ok ? res.data.message : apiErrorMessages(res.data).join(' '))
    }
    case IMPORT_INTENT:
      return startImport(ctx, formData)
    case 'importar-sem-cadastro': {
      const jobId = idOf(String(formData.get('importacao') ?? ''))
      if (!jobId) return toast('error', m.importNotFound)
      const res = await api(request, api_.importSemCadastro, { params: { id: jobId } })
      if (!res.ok) return toast('error', apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, withJob(back, jobId), { kind: 'success', text: res.data.message })
    }
    default:
      return toast('error', 'Ação desconhecida.')
  }
}

export const produtosTab: ConditionTabServer = { load, act }
