// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { Modal } from '~/components/ui/modal.tsx'
import { Toaster } from '~/components/ui/toaster.tsx'
import { toasts } from '~/lib/ui/toast-store.ts'
import { installDialogPolyfill } from './dialog-polyfill.ts'

installDialogPolyfill()

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  toasts.getSnapshot().forEach((t) => toasts.dismiss(t.id))
  vi.useRealTimers()
})

describe('Toaster', () => {
  test('success and info toasts sit in a polite live region; error toasts are alerts', () => {
    render(<Toaster />)
    act(() => {
      toasts.success('Email adicionado com sucesso')
      toasts.error('Email inválido')
    })
    expect(within(screen.getByRole('status')).getByText('Email adicionado com sucesso')).toBeTruthy()
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite')
    expect(screen.getByRole('alert').textContent).toContain('Email inválido')
  })
  test('the close button removes the toast', () => {
    render(<Toaster />)
    act(() => toasts.info('fica', 0))
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }))
    expect(screen.queryByText('fica')).toBeNull()
  })
  test('a toast leaves by itself after 4000 ms', () => {
    render(<Toaster />)
    act(() => toasts.info('passa'))
    act(() => vi.advanceTimersByTime(4000))
    expect(screen.queryByText('passa')).toBeNull()
  })
  test("the server's flash toast goes through the store, once", () => {
    const flash = { kind: 'success' as const, text: 'Cadastro efetuado com sucesso!' }
    const { rerender } = render(<Toaster flash={flash} />)
    rerender(<Toaster flash={{ ...flash }} />)
    expect(toasts.getSnapshot()).toMatchObject([{ kind: 'success', body: 'Cadastro efetuado com sucesso!' }])
    expect(screen.getAllByText('Cadastro efetuado com sucesso!')).toHaveLength(1)
  })
  test('a new route closes the toasts shown before it, and shows the one its answer brought', () => {
    const { rerender } = render(<Toaster route="a" />)
    act(() => toasts.success('Quantidade atualizada.', 0))
    rerender(<Toaster route="b" />)
    expect(screen.queryByText('Quantidade atualizada.')).toBeNull()
    act(() => toasts.success('Quantidade atualizada.', 0))
    rerender(<Toaster route="c" flash={{ kind: 'success', text: 'Pedido nº 2 enviado com sucesso.' }} />)
    expect(screen.queryByText('Quantidade atualizada.')).toBeNull()
    expect(screen.getByText('Pedido nº 2 enviado com sucesso.')).toBeTruthy()
  })
  test('before hydration (and without JavaScript) the flash toast is in the server HTML', () => {
    const html = renderToString(<Toaster flash={{ kind: 'error', text: 'Você não tem acesso a esta organização.' }} />)
    expect(html).toContain('role="alert"')
    expect(html).toContain('Você não tem acesso a esta organização.')
    expect(toasts.getSnapshot()).toEqual([])
  })
  test('a toast shown while a modal is open appears in that modal, not on the page', () => {
    render(<Toaster />)
    act(() => toasts.info('na página', 0))
    const { unmount } = render(
      <Modal title="Modal" onClose={() => {}}>
        <p>conteúdo</p>
      </Modal>,
    )
    const dialog = screen.getByRole('dialog')
    expect(screen.queryByText('na página')).toBeNull()
    act(() => toasts.info('no modal', 0))
    expect(within(dialog).getByText('no modal')).toBeTruthy()
    expect(within(dialog).queryByText('na página')).toBeNull()
    unmount()
    // No modal open: the page shows them all.
    expect(screen.getByText('na página')).toBeTruthy()
    expect(screen.getByText('no modal')).toBeTruthy()
  })
  test('none closes while the pointer is over the toasts or the focus in them; then the time left runs', () => {
    render(<Toaster />)
    act(() => toasts.info('lendo'))
    const toaster = document.querySelector<HTMLElement>('.toaster')!
    fireEvent.pointerEnter(toaster)
    act(() => vi.advanceTimersByTime(10_000))
    fireEvent.focusIn(screen.getByRole('button', { name: 'Fechar aviso' }))
    fireEvent.pointerLeave(toaster)
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByText('lendo')).toBeTruthy()
    fireEvent.focusOut(screen.getByRole('button', { name: 'Fechar aviso' }), { relatedTarget: document.body })
    act(() => vi.advanceTimersByTime(4000))
    expect(screen.queryByText('lendo')).toBeNull()
  })
  test('closing a toast moves the focus to the next one, and closing the last gives it back where it came from', () => {
    render(
      <main>
        <h1>Pedidos</h1>
        <input aria-label="Busca" />
        <Toaster />
      </main>,
    )
    act(() => {
      toasts.info('primeiro', 0)
      toasts.error('segundo', 0)
    })
    const search = screen.getByRole('textbox', { name: 'Busca' })
    search.focus()
    const [first, second] = screen.getAllByRole('button', { name: 'Fechar aviso' })
    first.focus()
    fireEvent.click(first)
    expect(document.activeElement).toBe(second)
    fireEvent.click(second)
    expect(screen.queryAllByRole('button', { name: 'Fechar aviso' })).toEqual([])
    expect(document.activeElement).toBe(search)
    // Once emptied the toaster holds nothing: the next toast closes in time.
    act(() => toasts.info('depois'))
    act(() => vi.advanceTimersByTime(4000))
    expect(screen.queryByText('depois')).toBeNull()
  })
  test('with nowhere to go back to, the focus goes to the page heading', () => {
    render(
      <main>
        <h1>Pedidos</h1>
        <Toaster />
      </main>,
    )
    act(() => toasts.info('só', 0))
    const close = screen.getByRole('button', { name: 'Fechar aviso' })
    close.focus()
    fireEvent.click(close)
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pedidos' }))
  })
})
