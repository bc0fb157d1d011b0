import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, useLocation } from 'react-router'
import type { Route } from './+types/products'
import { DeleteModal, ProductModal } from '~/components/products/product-modals.tsx'
import { emptyText, ProductFilters, ProductTable } from '~/components/products/product-table.tsx'
import { PRODUCT_LIST } from '~/components/products/types.ts'
import { AreaForbidden } from '~/components/ui/area-forbidden.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import * as catalogApi from '~/domain/catalog/contract.ts'
import { SpreadsheetExport, SpreadsheetImport } from '~/components/spreadsheet-import.tsx'
import { IMPORT_INTENT, loadImportFromUrl, startImportFromForm } from '~/lib/spreadsheet-import.server.ts'
import { catalogMessages as cm, productScreenMessages as m } from '~/domain/catalog/messages.ts'
import { centavosToInput } from '~/domain/catalog/money.ts'
import { virtualStoreMessages } from '~/domain/virtual-store/messages.ts'
import { BulkFormSchema, DeleteFormSchema, ProductFormSchema, ToggleFormSchema } from '~/domain/catalog/schemas.ts'
import { READ_REFUSALS, readsArea } from '~/domain/team/area-readers.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { idListParam, isDbId } from '~/domain/shared/fields.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { listAddress, parseListState } from '~/lib/list-state.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Produtos | Pedidos B2B' }]

const PER_PAGE = 20

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { company } = await requireCompany(request)
  // A member whose role may not read the products stays in the company, told which permission to ask for.
  if (!readsArea(company.permissoes, 'produtos')) return { forbidden: true as const, refusal: READ_REFUSALS.produtos }
  const orgId = company.organizacao_id
  const state = parseListState(PRODUCT_LIST, url.searchParams)
  const [page, filtros, importacao] = await Promise.all([
    apiRead(request, catalogApi.restoreCatalogo, {
      params: { orgId },
      query: {
        page: state.page,
        per_page: PER_PAGE,
        search: state.q,
        marca: state.marca,
        categoria: state.categoria,
        ativo: state.ativo || undefined,
        ordem: state.ordem,
        direcao: state.direcao,
      },
    }),
    apiRead(request, catalogApi.catalogoFiltros, { params: { orgId } }),
    loadImportFromUrl(request),
  ])
  redirectPastLastPage(request, state.page, page)
  // The edit link names the product by id: one that the list's page does not show is read on its own.
  const editId = url.searchParams.get('modal') === 'editar' ? Number(url.searchParams.get('id')) : 0
  const editing =
    isDbId(editId) && !page.data.some((p) => p.id === editId)
      ? ((await apiRead(request, catalogApi.restoreCatalogo, { params: { orgId }, query: { id: editId, per_page: 1 } })).data[0] ?? null)
      : null
  return { forbidden: false as const, page, state, marcas: filtros.marcas, categorias: filtros.categorias, deleteIds: idListParam(url.searchParams, 500), importacao, editing }
}

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const orgId = company.organizacao_id
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  // The list the form was sent from, with the modal closed: built from the list's own parameters only (the request
  // may be the data request, `/products.data?…`).
  const list = parseListState(PRODUCT_LIST, new URL(request.url).searchParams)
  const back = listAddress(PRODUCT_LIST, '/products', list)
  const toastError = (text: string) => redirectWithToast(request, back, { kind: 'error', text })

  switch (intent) {
    case 'save': {
      const submission = parseWithZod(formData, { schema: ProductFormSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const v = submission.value
      const fields = {
        organizacao_id: orgId,
        ean: v.ean,
        codigo: v.codigo,
        nome: v.nome,
        marca: v.marca,
        categoria: v.categoria,
        ncm: v.ncm,
        // The API reads the same pt-BR text the person typed.
        preco: centavosToInput(v.preco),
        unidade: v.unidade,
        embalagem: v.embalagem,
        ativo: v.ativo === true,
        imposto: v.imposto === true,
      }
      const res = v.produto_id
        ? await api(request, catalogApi.updateProdutos, { json: { ...fields, produto_id: v.produto_id } })
        : await api(request, catalogApi.createProduct, { json: fields })
      if (!res.ok) {
        const result = replyWithApiError(submission, res.data, {
          fields: ['ean', 'codigo', 'nome', 'marca', 'categoria', 'ncm', 'preco', 'unidade', 'embalagem'],
        })
        return data({ intent, result }, { status: 400 })
      }
      const image = formData.get('imagem')
      if (image instanceof File && image.size > 0) {
        const form = new FormData()
        form.set('organizacao_id', String(orgId))
        form.set('produto_id', String(res.data.produto.id))
        form.set('imagem', image)
        const saved = await api(request, catalogApi.updateProdutoImagem, { form })
        if (!saved.ok) return toastError(m.imageRefused(apiErrorMessages(saved.data).join(' ')))
      }
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'toggle-ativo':
    case 'toggle-imposto': {
      const submission = parseWithZod(formData, { schema: ToggleFormSchema })
      if (submission.status !== 'success') return toastError(cm.productInvalid)
      const { produto_id: productId, valor } = submission.value
      const endpoint = intent === 'toggle-ativo' ? catalogApi.updateProdutoAtivo : catalogApi.updateProdutoImposto
      const res = await api(request, endpoint, { params: { orgId, productId }, query: { valor } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'bulk': {
      const submission = parseWithZod(formData, { schema: BulkFormSchema })
      if (submission.status !== 'success')
        return toastError(
          Object.values(submission.error ?? {})
            .flat()
            .join(' '),
        )
      const { ids, acao } = submission.value
      if (acao === 'excluir') return redirect(listAddress(PRODUCT_LIST, '/products', list, {}, { modal: 'excluir', ids: ids.join(',') }))
      const change = acao === 'ativar' ? { ativo: true } : acao === 'desativar' ? { ativo: false } : { imposto: acao === 'com-imposto' }
      const res = await api(request, catalogApi.updateProdutosList, { json: { organizacao_id: orgId, ids, ...change } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteFormSchema })
      if (submission.status !== 'success')
        return toastError(
          Object.values(submission.error ?? {})
            .flat()
            .join(' '),
        )
      const res = await api(request, catalogApi.deleteProdutos, { json: { organizacao_id: orgId, ids: submission.value.ids } })
      // A refusal (in orders or conditions) stays in the confirmation, which says to deactivate instead.
      if (!res.ok) return data({ intent, errors: apiErrorMessages(res.data) }, { status: 400 })
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case IMPORT_INTENT: {
      const started = await startImportFromForm(request, catalogApi.createProductList, formData)
      return started instanceof Response ? started : data({ intent, importError: started.importError }, { status: 400 })
    }
    default:
      return toastError('Ação desconhecida.')
  }
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <AreaForbidden id="products-title" title={m.title} text={loaderData.refusal} />
  return <ProductsList loaderData={loaderData} actionData={actionData} />
}

function ProductsList({ loaderData, actionData }: { loaderData: Extract<Route.ComponentProps['loaderData'], { forbidden: false }>; actionData: Route.ComponentProps['actionData'] }) {
  const { page, state, marcas, categorias, deleteIds, importacao, editing } = loaderData
  const location = useLocation()
  const href = useListHref()
  const params = new URLSearchParams(location.search)
  const canChange = page.pode_alterar
  const modal = canChange ? params.get('modal') : null
  const id = Number(params.get('id'))
  const product = modal === 'editar' ? (page.data.find((p) => p.id === id) ?? (editing?.id === id ? editing : null)) : null
  const saveResult = actionData && 'result' in actionData && actionData.intent === 'save' ? actionData.result : undefined
  const deleteErrors = actionData && 'errors' in actionData ? actionData.errors : undefined
  const names = deleteIds.map((i) => page.data.find((p) => p.id === i)?.nome).filter((n): n is string => Boolean(n))

  return (
    <section className="stack" aria-labelledby="products-title">
      <div className="row-between">
        <h1 id="products-title">{m.title}</h1>
        {canChange ? (
          <a href={href({ modal: 'novo', id: null, ids: null })} className="button primary">
            {m.newProduct}
          </a>
        ) : null}
      </div>
      {canChange ? null : <p className="notice notice-info">{m.readOnly}</p>}
      <div className="toolbar">
        <SpreadsheetExport kind="produtos" label={m.exportSheet} />
        <a href={href({ modal: 'loja', id: null, ids: null })} className="button">
          {virtualStoreMessages.title}
        </a>
      </div>
      {canChange ? (
        <SpreadsheetImport
          kind="produtos"
          title={m.importTitle}
          job={importacao}
          error={actionData && 'importError' in actionData ? actionData.importError : null}
        />
      ) : null}
      <ProductFilters state={state} marcas={marcas} categorias={categorias} />
      {page.total === 0 ? (
        <div className="empty-state" role="status">
          <p>{emptyText(state)}</p>
        </div>
      ) : (
        <ProductTable page={page} state={state} canChange={canChange} />
      )}
      {modal === 'novo' ? <ProductModal key="novo" product={null} missing={false} marcas={marcas} categorias={categorias} lastResult={saveResult} /> : null}
      {modal === 'editar' ? (
        <ProductModal key={id} product={product} missing={!product} marcas={marcas} categorias={categorias} lastResult={saveResult} />
      ) : null}
      {modal === 'excluir' ? <DeleteModal ids={deleteIds} names={names} errors={deleteErrors} /> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
