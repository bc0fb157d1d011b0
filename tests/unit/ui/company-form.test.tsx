// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { Outlet, createRoutesStub } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import { CompanyDownload, CompanyForm } from '~/components/company-form.tsx'

afterEach(cleanup)

function Forms() {
  return (
    <>
      <CompanyForm method="post" aria-label="Adicionar">
        <input type="hidden" name="intent" value="add" />
      </CompanyForm>
      <CompanyForm method="get" aria-label="Buscar">
        <input name="q" aria-label="Busca" />
      </CompanyForm>
      <CompanyDownload href="/planilhas/exportar/produtos">Exportar</CompanyDownload>
    </>
  )
}

/** A screen under the company layout (its route id is the real one), with the company its loader gives. */
function underLayout(company: { organizacao_id: number } | null) {
  return createRoutesStub([{ id: 'routes/_app', path: '/', loader: () => ({ company }), HydrateFallback: () => null, Component: Outlet, children: [{ path: 'tela', Component: Forms }] }])
}

const fieldOf = (name: string) => screen.getByRole('form', { name }).querySelector<HTMLInputElement>('input[name="_empresa"]')

test("a post says the company the page shows; a search keeps its address; a download names it", async () => {
  const Stub = underLayout({ organizacao_id: 12 })
  render(<Stub initialEntries={['/tela']} />)
  await screen.findByRole('form', { name: 'Adicionar' })
  expect(fieldOf('Adicionar')?.value).toBe('12')
  expect(fieldOf('Adicionar')?.type).toBe('hidden')
  expect(fieldOf('Buscar')).toBeNull()
  expect(screen.getByRole('link', { name: 'Exportar' }).getAttribute('href')).toBe('/planilhas/exportar/produtos?_empresa=12')
})

test('without a company entered (the personal environment) nothing is added', async () => {
  const Stub = underLayout(null)
  render(<Stub initialEntries={['/tela']} />)
  await screen.findByRole('form', { name: 'Adicionar' })
  expect(fieldOf('Adicionar')).toBeNull()
  expect(screen.getByRole('link', { name: 'Exportar' }).getAttribute('href')).toBe('/planilhas/exportar/produtos')
})
