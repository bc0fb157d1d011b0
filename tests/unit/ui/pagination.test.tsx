// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { Pagination } from '~/components/ui/pagination.tsx'

/** Renders as the page does: inside a router, without hydration. */
function render(node: ReactNode) {
  const Page = createRoutesStub([{ path: '/', Component: () => node }])
  document.body.innerHTML = renderToString(<Page />)
}

const COUNT = { one: 'produto', many: 'produtos' }

afterEach(() => {
  document.body.innerHTML = ''
})

describe('Pagination', () => {
  test('a navigation named for its list, with where it is and a link per page shown, the current one marked', () => {
    render(<Pagination page={{ current_page: 5, last_page: 10, total: 193 }} label="Paginação de produtos" count={COUNT} href={(n) => `/products?page=${n}`} />)
    const nav = document.querySelector('nav')!
    expect(nav.getAttribute('aria-label')).toBe('Paginação de produtos')
    expect(nav.querySelector('p')?.textContent).toBe('Página 5 de 10 (193 produtos)')
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])
    expect(links).toEqual([
      ['Anterior', '/products?page=4', null],
      ['Página 1', '/products?page=1', null],
      ['Página 4', '/products?page=4', null],
      ['Página 5', '/products?page=5', 'page'],
      ['Página 6', '/products?page=6', null],
      ['Página 10', '/products?page=10', null],
      ['Próxima', '/products?page=6', null],
    ])
    expect([...nav.querySelectorAll('[aria-hidden="true"]')].map((gap) => gap.textContent)).toEqual(['…', '…'])
  })

  test('no previous page on the first, no next on the last', () => {
    render(<Pagination page={{ current_page: 1, last_page: 2, total: 21 }} label="Paginação" count={COUNT} href={(n) => `?page=${n}`} />)
    expect([...document.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Página 1', 'Página 2', 'Próxima'])
    render(<Pagination page={{ current_page: 2, last_page: 2, total: 21 }} label="Paginação" count={COUNT} href={(n) => `?page=${n}`} />)
    expect([...document.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Anterior', 'Página 1', 'Página 2'])
  })

  test("a picker's pages are its form's buttons, carrying what is ticked", () => {
    render(<Pagination page={{ current_page: 1, last_page: 3, total: 30 }} label="Paginação do catálogo" count={COUNT} submitName="pp" />)
    const buttons = [...document.querySelectorAll('button')].map((b) => [b.textContent, b.name, b.value, b.type])
    expect(buttons).toEqual([
      ['Página 1', 'pp', '1', 'submit'],
      ['Página 2', 'pp', '2', 'submit'],
      ['Página 3', 'pp', '3', 'submit'],
      ['Próxima', 'pp', '2', 'submit'],
    ])
    expect(document.querySelector('[aria-current="page"]')?.textContent).toBe('Página 1')
  })

  test('a list of one page: nothing, or its count alone', () => {
    render(<Pagination page={{ current_page: 1, last_page: 1, total: 1 }} label="Paginação" count={COUNT} href={(n) => `?page=${n}`} />)
    expect(document.body.innerHTML).toBe('')
    render(<Pagination page={{ current_page: 1, last_page: 1, total: 1 }} label="Paginação" count={COUNT} countAlone href={(n) => `?page=${n}`} />)
    expect(document.body.textContent).toBe('1 produto')
  })
})
