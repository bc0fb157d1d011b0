// @vitest-environment jsdom
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { z } from 'zod'
import { ImportJobPanel } from '~/components/spreadsheet-import.tsx'
import type { ImportJobDetailSchema } from '~/domain/spreadsheets/contract.ts'
import { spreadsheetMessages as sm } from '~/domain/spreadsheets/messages.ts'
import { startImportProgress } from '~/enhance/import-progress.ts'
import { startSelectAll } from '~/enhance/select-all.ts'
import { DataTable } from '~/components/ui/data-table.tsx'

type Job = z.output<typeof ImportJobDetailSchema>

const job = (values: Partial<Job>): Job => ({
  id: 12,
  tipo: 'produtos',
  status: 'lendo',
  arquivo_nome: 'produtos.xlsx',
  linhas_lidas: 0,
  linhas_total: null,
  criadas: 0,
  atualizadas: 0,
  total_erros: 0,
  mensagem: null,
  created_at: '2026-11-23T10:00:00.000Z',
  finished_at: null,
  erros: { data: [], current_page: 1, last_page: 1, per_page: 50, total: 0, from: null, to: null },
  ...values,
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe("an import's progress, without React in the page", () => {
  test('the running region is read again from its route and swapped in, its live region kept, until the job has ended', async () => {
    vi.useFakeTimers()
    window.history.replaceState(null, '', '/products?importacao=12')
    document.body.innerHTML = renderToString(<ImportJobPanel job={job({ linhas_lidas: 10, linhas_total: 20 })} pageHref="/products?importacao=12" companyId={7} />)
    const live = document.querySelector('[role="status"]')
    const answers = [job({ linhas_lidas: 15, linhas_total: 20 }), job({ status: 'concluida', linhas_lidas: 20, linhas_total: 20, criadas: 20 })]
    const fetch = vi.fn(async (address: URL) => {
      expect(address.pathname).toBe('/planilhas/importacao/12')
      expect(address.searchParams.get('pagina')).toBe('/products?importacao=12')
      return new Response(renderToString(<ImportJobPanel job={answers.shift()!} pageHref="/products?importacao=12" companyId={7} />))
    })
    vi.stubGlobal('fetch', fetch)

    startImportProgress()
    await vi.advanceTimersByTimeAsync(1000)
    expect(document.querySelector('[role="status"]')).toBe(live)
    expect(live?.textContent).toContain('Lendo: 15 de 20 linhas')
    await vi.advanceTimersByTimeAsync(1000)
    expect(document.querySelector('[role="status"]')).toBe(live)
    expect(live?.textContent).toBe(sm.screen.done(20, 0, 0))
    expect(document.querySelector('[data-import-job]')?.hasAttribute('data-import-poll')).toBe(false)
    await vi.advanceTimersByTimeAsync(3000)
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe("a table's 'select all' box", () => {
  test('shows, ticks every row of its form and follows them', () => {
    const rows = [
      { id: 1, nome: 'Dipirona' },
      { id: 2, nome: 'Paracetamol' },
    ]
    // The bulk form is React Router's <Form>: rendered inside a router, as the page is.
    const Page = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <DataTable
            id="teste"
            caption="Produtos"
            rows={rows}
            rowKey={(r) => r.id}
            columns={[{ key: 'nome', header: 'Produto', rowHeader: true, cell: (r) => r.nome }]}
            selection={{
              formId: 'bulk',
              name: 'ids',
              value: (r) => r.id,
              rowLabel: (r) => `Selecionar ${r.nome}`,
              header: 'Selecionar',
              allLabel: 'Selecionar todos desta página',
              bulk: { label: 'Ações nos selecionados', intent: 'bulk', actions: [{ label: 'Excluir', name: 'acao', value: 'excluir', tone: 'danger' }] },
            }}
          />
        ),
      },
    ])
    document.body.innerHTML = renderToString(<Page />) + '<input type="checkbox" name="outro">'
    const all = document.getElementById('teste-todos') as HTMLInputElement
    expect(all.hidden).toBe(true)
    // Without JavaScript the rows' boxes post with the bulk form's buttons.
    const form = document.getElementById('bulk') as HTMLFormElement
    expect(form.getAttribute('aria-label')).toBe('Ações nos selecionados')
    expect([...form.elements].map((e) => (e as HTMLInputElement).name)).toEqual(['intent', 'acao', 'ids', 'ids'])
    startSelectAll()
    expect(all.hidden).toBe(false)
    expect(document.querySelector<HTMLElement>('[data-select-all-header]')?.hidden).toBe(true)
    all.click()
    const boxes = [...document.querySelectorAll<HTMLInputElement>('input[form="bulk"]')]
    expect(boxes.map((box) => box.checked)).toEqual([true, true])
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual(['Selecionar Dipirona', 'Selecionar Paracetamol'])
    expect(document.querySelector<HTMLInputElement>('input[name="outro"]')?.checked).toBe(false)
    boxes[0].click()
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
  })
})
