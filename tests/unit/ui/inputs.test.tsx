// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { MaskedInput } from '~/components/ui/masked-input.tsx'
import { TextInput } from '~/components/ui/text-input.tsx'

afterEach(cleanup)

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

describe('TextInput', () => {
  test('the label names the field; the caption describes it', () => {
    render(<TextInput label="Razão social" caption="Como está no cartão CNPJ." />)
    const input = screen.getByLabelText('Razão social')
    expect(input.getAttribute('type')).toBe('text')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(describedBy(input)).toEqual(['Como está no cartão CNPJ.'])
  })
  test('an error under the field: aria-invalid and described by it', () => {
    render(<TextInput label="Usuário" caption="Seu nome" error="O Usuário é obrigatório." />)
    const input = screen.getByLabelText('Usuário')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(input)).toEqual(['Seu nome', 'O Usuário é obrigatório.'])
  })
  test('a success message under the field, not invalid', () => {
    render(<TextInput label="Nome" success="Nome disponível." />)
    const input = screen.getByLabelText('Nome')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(describedBy(input)).toEqual(['Nome disponível.'])
  })
  test('an error wins over a success', () => {
    render(<TextInput label="Nome" error="Errado" success="Certo" />)
    expect(screen.queryByText('Certo')).toBeNull()
    expect(screen.getByText('Errado')).toBeTruthy()
  })
  test('left and right slots around the text', () => {
    render(<TextInput label="Valor" left="R$" right="por pedido" />)
    const box = screen.getByLabelText('Valor').parentElement!
    expect(box.textContent).toBe('R$por pedido')
    expect(box.firstElementChild?.textContent).toBe('R$')
    expect(box.lastElementChild?.textContent).toBe('por pedido')
  })
  test('without a label it can be named by aria-label', () => {
    render(<TextInput aria-label="Pesquisar" />)
    expect(screen.getByRole('textbox', { name: 'Pesquisar' })).toBeTruthy()
  })
  test('textarea, fixed unless resize is asked for', () => {
    render(
      <>
        <TextInput type="textarea" label="Sobre" resize />
        <TextInput type="textarea" label="Nota" />
      </>,
    )
    expect(screen.getByLabelText('Sobre').tagName).toBe('TEXTAREA')
    expect(screen.getByLabelText('Sobre').className).toContain('is-resizable')
    expect(screen.getByLabelText('Nota').className).not.toContain('is-resizable')
  })
  test('color', () => {
    render(<TextInput type="color" label="Cor" defaultValue="#7189f2" />)
    expect((screen.getByLabelText('Cor') as HTMLInputElement).type).toBe('color')
  })
  test("mail: an e-mail field that says 'Email inválido' once left with a value failing the check", () => {
    render(<TextInput type="mail" label="E-mail" />)
    const input = screen.getByLabelText('E-mail') as HTMLInputElement
    expect(input.type).toBe('email')
    fireEvent.change(input, { target: { value: 'fulano@empresa' } })
    expect(screen.queryByText('Email inválido')).toBeNull()
    fireEvent.blur(input)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(input)).toEqual(['Email inválido'])
    fireEvent.change(input, { target: { value: 'fulano@empresa.com.br' } })
    expect(screen.queryByText('Email inválido')).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })
  test('mail: an empty field is not called invalid (required is the form’s business)', () => {
    render(<TextInput type="mail" label="E-mail" />)
    fireEvent.blur(screen.getByLabelText('E-mail'))
    expect(screen.queryByText('Email inválido')).toBeNull()
  })
})

describe('MaskedInput', () => {
  test.each([
    ['cnpj', '11222333000181', '11.222.333/0001-81', 18],
    ['cep', '01310100', '01.310-100', 10],
    ['cellphone', '11987654321', '(11) 98765-4321', 15],
    ['ncm', '30049099', '3004.90.99', 10],
  ] as const)('%s: masks what is typed, max length %s', (mask, typed, shown, max) => {
    render(<MaskedInput mask={mask} label="Campo" name={mask} />)
    const input = screen.getByLabelText('Campo') as HTMLInputElement
    expect(input.maxLength).toBe(max)
    fireEvent.change(input, { target: { value: typed } })
    expect(input.value).toBe(shown)
  })
  test('a default value is shown masked', () => {
    render(<MaskedInput mask="cep" label="CEP" defaultValue="01310100" />)
    expect((screen.getByLabelText('CEP') as HTMLInputElement).value).toBe('01.310-100')
  })
  test('controlled: reports the masked value to its owner', () => {
    function Owner() {
      const [value, setValue] = useState('')
      return (
        <>
          <MaskedInput mask="cellphone" label="Celular" value={value} onValueChange={setValue} />
          <output>{value}</output>
        </>
      )
    }
    render(<Owner />)
    fireEvent.change(screen.getByLabelText('Celular'), { target: { value: '1198765' } })
    expect(screen.getByRole('status').textContent).toBe('(11) 98765')
  })
})
