// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { data, Outlet, createRoutesStub } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import { ScreenErrorBoundary } from '~/components/shell/screen-error.tsx'
import { screenErrorMessages as m } from '~/domain/shared/screen-error-messages.ts'

afterEach(cleanup)

/** A company screen under the shell's layout, whose loader refuses or fails. */
function shellWith(loader: () => unknown) {
  return createRoutesStub([
    {
      path: '/',
      Component: () => (
        <div>
          <nav aria-label="Menu principal">menu</nav>
          <Outlet />
        </div>
      ),
      children: [{ path: 'tela', loader, Component: () => <p>conteúdo</p>, ErrorBoundary: ScreenErrorBoundary }],
    },
  ])
}

test("a refusal is said in its own words inside the shell, with a way to try again", async () => {
  const Stub = shellWith(() => {
    throw data('Condição não encontrada.', { status: 404 })
  })
  render(<Stub initialEntries={['/tela?aba=1']} />)
  expect(await screen.findByRole('heading', { level: 1, name: m.title(404) })).toBeTruthy()
  expect(screen.getByRole('alert').textContent).toBe('Condição não encontrada.')
  expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy()
  expect(screen.getByRole('link', { name: m.retry }).getAttribute('href')).toBe('/tela?aba=1')
})

test('an unexpected error is said in general terms, never its internals', async () => {
  const Stub = shellWith(() => {
    throw new Error('connection refused at 10.0.0.3')
  })
  render(<Stub initialEntries={['/tela']} />)
  expect(await screen.findByRole('heading', { level: 1, name: m.title(500) })).toBeTruthy()
  expect(screen.getByRole('alert').textContent).toBe(m.fallback(500))
  expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy()
})

test('every company screen of app/routes.ts has its error boundary', async () => {
  const { readFileSync } = await import('node:fs')
  const { default: routes } = await import('~/routes.ts')
  const layout = routes.find((r) => r.file === 'routes/_app.tsx')!
  const screens = [...new Set((layout.children ?? []).map((r) => r.file).filter((f) => f.endsWith('.tsx')))]
  expect(screens.length).toBeGreaterThan(10)
  const without = screens.filter((file) => !/export \{ ScreenErrorBoundary as ErrorBoundary \}/.test(readFileSync(`app/${file}`, 'utf8')))
  expect(without).toEqual([])
})
