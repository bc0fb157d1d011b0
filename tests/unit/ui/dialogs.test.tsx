// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { DialogHost } from '~/components/ui/dialog-host.tsx'
import { Modal } from '~/components/ui/modal.tsx'
import { confirm, dialogs, showMessage } from '~/lib/ui/dialog-queue.ts'
import { installDialogPolyfill, pressEscape } from './dialog-polyfill.ts'

installDialogPolyfill()

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  // The queue outlives a render: answer what a test left open so the next starts empty.
  dialogs.getSnapshot().forEach((request) => dialogs.settle(request.id, false))
  cleanup()
  vi.useRealTimers()
})

function Opener() {
  const [answer, setAnswer] = useState('')
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ message: 'Deseja mesmo excluir o email a@b.com?' })))}>
        Excluir
      </button>
      <output>{answer}</output>
      <DialogHost />
    </>
  )
}

function openConfirm() {
  render(<Opener />)
  const opener = screen.getByRole('button', { name: 'Excluir' })
  opener.focus()
  fireEvent.click(opener)
  return opener
}

describe('confirm dialog', () => {
  test("the confirmation: 'Por favor, confirme:', the message, 'Sim' and 'Não', in a modal <dialog>", () => {
    openConfirm()
    const dialog = screen.getByRole('alertdialog', { name: 'Por favor, confirme:' })
    expect(dialog.tagName).toBe('DIALOG')
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Deseja mesmo excluir o email a@b.com?').id)
    expect(screen.getByRole('button', { name: 'Sim' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Não' })).toBeTruthy()
  })
  test('focus moves into the dialog after the 200 ms dialog focus delay, onto the harmless answer', () => {
    const opener = openConfirm()
    act(() => vi.advanceTimersByTime(199))
    expect(document.activeElement).toBe(opener)
    act(() => vi.advanceTimersByTime(1))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Não' }))
  })
  test("'Sim' resolves true, closes, and gives focus back to the opener", async () => {
    const opener = openConfirm()
    act(() => vi.advanceTimersByTime(200))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sim' })))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('true')
    expect(document.activeElement).toBe(opener)
  })
  test('Escape closes it as a no, and focus returns to the opener', async () => {
    const opener = openConfirm()
    act(() => vi.advanceTimersByTime(200))
    await act(async () => pressEscape(screen.getByRole('alertdialog')))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('false')
    expect(document.activeElement).toBe(opener)
  })
  test('a message dialog has one button, focused after the delay', async () => {
    render(<DialogHost />)
    let closed = false
    act(() => {
      showMessage({ title: 'Aviso', message: 'Sua organização aguarda verificação.' }).then(() => (closed = true))
    })
    expect(screen.getByRole('dialog', { name: 'Aviso' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(200))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ok' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ok' })))
    expect(closed).toBe(true)
  })
})

describe('modal scroll lock', () => {
  function Two() {
    const [first, setFirst] = useState(false)
    const [second, setSecond] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setFirst(true)}>
          abrir
        </button>
        {first ? (
          <Modal title="Primeiro" onClose={() => setFirst(false)}>
            <button type="button" onClick={() => setSecond(true)}>
              outro
            </button>
          </Modal>
        ) : null}
        {second ? (
          <Modal title="Segundo" onClose={() => setSecond(false)}>
            <p>por cima</p>
          </Modal>
        ) : null}
      </>
    )
  }

  test('showing a modal disables page scroll; stacked modals keep it off until the last one closes', () => {
    document.documentElement.style.overflow = 'scroll'
    render(<Two />)
    fireEvent.click(screen.getByRole('button', { name: 'abrir' }))
    expect(document.documentElement.style.overflow).toBe('hidden')
    fireEvent.click(screen.getByRole('button', { name: 'outro' }))
    act(() => pressEscape(screen.getByRole('dialog', { name: 'Segundo' })))
    expect(screen.queryByRole('dialog', { name: 'Segundo' })).toBeNull()
    expect(document.documentElement.style.overflow).toBe('hidden')
    act(() => pressEscape(screen.getByRole('dialog', { name: 'Primeiro' })))
    expect(document.documentElement.style.overflow).toBe('scroll')
  })
  test('a dialog the browser closes on its own (a second Escape) is closed for its owner too', () => {
    document.documentElement.style.overflow = 'scroll'
    render(<Two />)
    fireEvent.click(screen.getByRole('button', { name: 'abrir' }))
    act(() => (screen.getByRole('dialog') as HTMLDialogElement).close())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.documentElement.style.overflow).toBe('scroll')
  })
  test('a modal with no focusable content focuses itself', () => {
    render(
      <Modal title="Só texto" onClose={() => {}}>
        <p>nada para clicar</p>
      </Modal>,
    )
    act(() => vi.advanceTimersByTime(200))
    expect(document.activeElement).toBe(screen.getByRole('dialog'))
  })
})
