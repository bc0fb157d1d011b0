import { describe, expect, test } from 'vitest'
import { customerMessages as m, paymentMessages as pm } from '../../app/domain/customers/messages.ts'
import { CreateCustomerFormSchema, CustomerPaymentsFormSchema, parseBrlCentavos, PaymentMethodFormSchema, UpdateCustomerFormSchema } from '../../app/domain/customers/schemas.ts'
import { formatBrl } from '../../app/domain/catalog/money.ts'
import { formatTelefone } from '../../app/domain/customers/phone.ts'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { maskCnpj } from '../../app/domain/shared/masks.ts'

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('customer form', () => {
  test('CNPJ numeric or alphanumeric, masked or bare, lower case accepted; comes out bare and upper-cased', () => {
    const numeric = withCheckDigits('112223330001')
    const alnum = withCheckDigits('12ABC34501DE')
    for (const [typed, stored] of [
      [maskCnpj(numeric), numeric],
      [numeric, numeric],
      [maskCnpj(alnum).toLowerCase(), alnum],
      [` ${alnum} `, alnum],
    ]) {
      const parsed = CreateCustomerFormSchema.safeParse({ cnpj: typed, nome: 'Cliente' })
      expect(parsed.success && parsed.data.cnpj).toBe(stored)
    }
  })

  test('refuses a wrong check digit, a repeated-digit CNPJ, a missing name; optional contact fields become null', () => {
    const numeric = withCheckDigits('112223330001')
    const wrong = numeric.slice(0, 13) + String((Number(numeric[13]) + 1) % 10)
    expect(errorsOf(CreateCustomerFormSchema.safeParse({ cnpj: wrong, nome: '' }))).toEqual({ cnpj: m.cnpjInvalid, nome: m.nomeRequired })
    expect(errorsOf(CreateCustomerFormSchema.safeParse({ cnpj: '11.111.111/1111-11', nome: 'X' }))).toEqual({ cnpj: m.cnpjInvalid })
    const parsed = CreateCustomerFormSchema.parse({ cnpj: numeric, nome: ' Cliente ', contato_nome: '', contato_email: '', contato_telefone: '' })
    expect(parsed).toEqual({ cnpj: numeric, nome: 'Cliente', contato_nome: null, contato_email: null, contato_telefone: null })
  })

  test('contact e-mail lower-cased; phone with 10 or 11 digits, masked or not; seller id', () => {
    const base = { cliente_id: '3', nome: 'Cliente' }
    expect(UpdateCustomerFormSchema.parse({ ...base, contato_email: 'Compras@Cliente.COM.br', contato_telefone: '(11) 3333-4444', vendedor_id: '7' })).toMatchObject({
      cliente_id: 3,
      contato_email: 'compras@cliente.com.br',
      contato_telefone: '1133334444',
      vendedor_id: 7,
    })
    expect(UpdateCustomerFormSchema.parse({ ...base, contato_telefone: '11 98765-4321' }).contato_telefone).toBe('11987654321')
    expect(errorsOf(UpdateCustomerFormSchema.safeParse({ ...base, contato_telefone: '9876-4321', contato_email: 'sem-arroba', vendedor_id: 'x' }))).toEqual({
      contato_telefone: m.contatoTelefoneInvalid,
      contato_email: m.contatoEmailInvalid,
      vendedor_id: m.vendedorInvalid,
    })
    expect(formatTelefone('1133334444')).toBe('(11) 3333-4444')
    expect(formatTelefone('11987654321')).toBe('(11) 98765-4321')
  })

  test("the customer's payment methods: none ticked is an empty list, one is a list", () => {
    expect(CustomerPaymentsFormSchema.parse({ cliente_id: '1' })).toEqual({ cliente_id: 1, pagamentos: [] })
    expect(CustomerPaymentsFormSchema.parse({ cliente_id: '1', pagamentos: '4' })).toEqual({ cliente_id: 1, pagamentos: [4] })
    expect(CustomerPaymentsFormSchema.parse({ cliente_id: '1', pagamentos: ['4', '5'] })).toEqual({ cliente_id: 1, pagamentos: [4, 5] })
  })
})

describe('BRL as typed in pt-BR', () => {
  test.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['0', 0],
    ['0,01', 1],
    ['R$ 10', 1000],
    ['R$1.000.000,00', 100000000],
  ])('%s is %i centavos', (typed, centavos) => {
    expect(parseBrlCentavos(typed)).toBe(centavos)
  })

  test.each(['1.23,00', '12,345', '1,234.56', '-5', 'abc', '', '1.2345', ',50'])('%s is not an amount', (typed) => {
    expect(parseBrlCentavos(typed)).toBeNull()
  })

  test('shown back as currency', () => {
    expect(formatBrl(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
  })
})

describe('payment method form', () => {
  test('kind, term and minimum (centavos); empty minimum and term are none', () => {
    expect(PaymentMethodFormSchema.parse({ nome: 'Boleto 28 dias', tipo: 'boleto', prazo_dias: '28', valor_minimo: '1.234,56' })).toEqual({
      nome: 'Boleto 28 dias',
      tipo: 'boleto',
      prazo_dias: 28,
      valor_minimo: 123456,
    })
    expect(PaymentMethodFormSchema.parse({ nome: 'Pix', tipo: 'pix' })).toEqual({ nome: 'Pix', tipo: 'pix', prazo_dias: 0, valor_minimo: 0 })
  })

  test('refusals in Portuguese', () => {
    expect(errorsOf(PaymentMethodFormSchema.safeParse({ nome: '', tipo: 'cheque', prazo_dias: '366', valor_minimo: '1,999' }))).toEqual({
      nome: pm.nomeRequired,
      tipo: pm.tipoInvalid,
      prazo_dias: pm.prazoInvalid,
      valor_minimo: pm.valorInvalid,
    })
    expect(errorsOf(PaymentMethodFormSchema.safeParse({ nome: 'X', tipo: 'pix', prazo_dias: 1.5, valor_minimo: '20.000.000,00' }))).toEqual({
      prazo_dias: pm.prazoInvalid,
      valor_minimo: pm.valorTooLarge,
    })
  })
})
