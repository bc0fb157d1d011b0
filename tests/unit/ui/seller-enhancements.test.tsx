// @vitest-environment jsdom
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { z } from 'zod'
import { ImportJobPanel } from '~/components/spreadsheet-import.tsx'
import type { ImportJobDetailSchema } from '~/domain/spreadsheets/contract.ts'
import { spreadsheetMessages as sm } from '~/domain/spreadsheets/messages.ts'
import { startImportProgress } from '~/enhance/import-progress.ts'
import { startSelectAll } from '~/enhance/select-all.ts'
import { SelectAllCell } from '~/components/ui/select-all.tsx'

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
    document.body.innerHTML =
      renderToString(
        <table>
          <thead>
            <tr>
              <SelectAllCell id="todos" formId="bulk" label="Selecionar todos desta página" header="Selecionar" />
            </tr>
          </thead>
        </table>,
      ) + '<form id="bulk"></form><input type="checkbox" form="bulk" name="ids" value="1"><input type="checkbox" form="bulk" name="ids" value="2"><input type="checkbox" name="outro">'
    const all = document.getElementById('todos') as HTMLInputElement
    expect(all.hidden).toBe(true)
    startSelectAll()
    expect(all.hidden).toBe(false)
    expect(document.querySelector<HTMLElement>('[data-select-all-header]')?.hidden).toBe(true)
    all.click()
    const rows = [...document.querySelectorAll<HTMLInputElement>('input[form="bulk"]')]
    expect(rows.map((box) => box.checked)).toEqual([true, true])
    expect(document.querySelector<HTMLInputElement>('input[name="outro"]')?.checked).toBe(false)
    rows[0].click()
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
  })
})
