// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { SpreadsheetImport } from '~/components/spreadsheet-import.tsx'
import type { ImportJobDetailSchema } from '~/domain/spreadsheets/contract.ts'
import { spreadsheetMessages as sm } from '~/domain/spreadsheets/messages.ts'

afterEach(cleanup)

const m = sm.screen
type Job = z.output<typeof ImportJobDetailSchema>

function job(values: Partial<Job>): Job {
  return {
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
  }
}

/** The panel on a stub screen at /products?importacao=12. */
function renderPanel(props: Parameters<typeof SpreadsheetImport>[0]) {
  const Stub = createRoutesStub([{ path: '/products', Component: () => <SpreadsheetImport {...props} /> }])
  return render(<Stub initialEntries={['/products?importacao=12']} />)
}

describe('SpreadsheetImport', () => {
  test('the form posts multipart with its intent, the file field, the limit and the template link', () => {
    const { container } = renderPanel({ kind: 'produtos', job: null })
    const form = container.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(container.querySelector<HTMLInputElement>('input[name="intent"]')!.value).toBe('importar-planilha')
    const file = screen.getByLabelText(m.fileLabel)
    expect(file.getAttribute('name')).toBe('arquivo')
    expect(file.getAttribute('aria-describedby')).toContain(screen.getByText(m.limit).id)
    expect(m.limit).toContain('20 MB')
    expect(screen.getByRole('link', { name: m.template }).getAttribute('href')).toBe('/planilhas/modelo/produtos')
  })

  test("the action's refusal is shown by the file field", () => {
    renderPanel({ kind: 'produtos', job: null, error: sm.passwordProtected })
    expect(screen.getByText(sm.passwordProtected)).toBeTruthy()
    expect(screen.getByLabelText(m.fileLabel).getAttribute('aria-invalid')).toBe('true')
  })

  test('a running job: "N de M linhas" in a live status, a refresh link, and its region names the route that reads it again', () => {
    const { container } = renderPanel({ kind: 'produtos', job: job({ linhas_lidas: 1000, linhas_total: 2500 }) })
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toContain('Lendo: 1.000 de 2.500 linhas')
    expect(screen.getByRole('link', { name: m.refresh }).getAttribute('href')).toBe('/products?importacao=12')
    expect(container.querySelector('[data-import-job="12"]')?.getAttribute('data-import-poll')).toBe('/planilhas/importacao/12')
  })

  test('the end says what changed, and a file that changed nothing says so', () => {
    expect(m.done(2000, 500, 0)).toBe('Importação concluída: 2.000 criados, 500 atualizados.')
    expect(m.done(0, 3, 287)).toBe('Importação concluída: 0 criados, 3 atualizados, 287 sem alteração.')
    expect(m.done(0, 0, 290)).toBe('Importação concluída: nada mudou, as 290 linhas já estavam assim no cadastro.')
    expect(m.done(0, 0, 1)).toBe('Importação concluída: nada mudou, a linha já estava assim no cadastro.')
    const { container } = renderPanel({ kind: 'produtos', job: job({ status: 'concluida', linhas_lidas: 290, linhas_total: 290, criadas: 0, atualizadas: 0 }) })
    expect(screen.getByRole('status').textContent).toContain(m.done(0, 0, 290))
    expect(container.querySelector('[data-import-job="12"]')?.hasAttribute('data-import-poll')).toBe(false)
  })

  test('a refused file: the reason, the per-row report as a real table, paging and the download', () => {
    const erros = { data: [{ linha: 7, coluna: 'Preço', valor: '12,3,4', motivo: sm.notMoney }], current_page: 2, last_page: 3, per_page: 50, total: 120, from: 51, to: 51 }
    renderPanel({ kind: 'produtos', job: job({ status: 'recusada', mensagem: sm.refusedRows(1500), total_erros: 1500, erros }) })
    expect(screen.getByRole('status').textContent).toContain(sm.refusedRows(1500))
    const table = screen.getByRole('table', { name: m.reportCaption })
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([m.line, m.column, m.value, m.reason])
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['7', 'Preço', '12,3,4', sm.notMoney])
    expect(screen.getByText(m.reportMore(1500, 120))).toBeTruthy()
    expect(screen.getByText(m.page(2, 3))).toBeTruthy()
    expect(screen.getByRole('link', { name: m.next }).getAttribute('href')).toBe('/products?importacao=12&relatorio=3')
    expect(screen.getByRole('link', { name: m.previous }).getAttribute('href')).toBe('/products?importacao=12&relatorio=1')
    expect(screen.getByRole('link', { name: m.reportDownload }).getAttribute('href')).toBe('/planilhas/importacao/12/relatorio')
  })

  test('a whole-file refusal shows its message without a table', () => {
    renderPanel({ kind: 'produtos', job: job({ status: 'recusada', mensagem: sm.mergedCells('A2:B2') }) })
    expect(screen.getByRole('status').textContent).toContain(sm.mergedCells('A2:B2'))
    expect(screen.queryByRole('table')).toBeNull()
  })
})
