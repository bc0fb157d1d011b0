import { describe, expect, test } from 'vitest'
import { pagesAround } from '~/components/ui/pagination.tsx'
import { defineList, direction, lastPageAddress, listAddress, listFields, MAX_PAGE, matching, named, oneOf, optionalId, parseListState, search } from '~/lib/list-state.ts'

/** A list like the products': words, a filter, a sortable column and its direction. */
const PRODUCTS = defineList({
  q: search(),
  ativo: oneOf(['', '0', '1'], ''),
  ordem: oneOf(['nome', 'preco'], 'nome'),
  direcao: direction(),
})

const state = (query: string) => parseListState(PRODUCTS, new URLSearchParams(query))

describe('parseListState', () => {
  test('an address without parameters is the list at its defaults, on page 1', () => {
    expect(state('')).toEqual({ page: 1, q: '', ativo: '', ordem: 'nome', direcao: 'asc' })
  })

  test('each parameter as the list accepts it; anything else is its default', () => {
    expect(state('q=%20sab%C3%A3o%20&ativo=1&ordem=preco&direcao=desc&page=3')).toEqual({ page: 3, q: 'sabão', ativo: '1', ordem: 'preco', direcao: 'desc' })
    expect(state('ativo=2&ordem=senha&direcao=up')).toEqual({ page: 1, q: '', ativo: '', ordem: 'nome', direcao: 'asc' })
    expect(state(`q=${'a'.repeat(300)}`).q).toHaveLength(255)
  })

  test('the page is at least 1 and at most the highest page a list may ask for', () => {
    for (const raw of ['0', '-4', 'abc', '', '1']) expect(state(`page=${raw}`).page, raw).toBe(1)
    expect(state('page=2.7').page).toBe(2)
    expect(state('page=100001').page).toBe(MAX_PAGE)
    expect(state('page=99999999999999999999').page).toBe(MAX_PAGE)
    expect(parseListState(defineList({}, { maxPage: 50 }), new URLSearchParams('page=51')).page).toBe(50)
  })

  test('ids, words shown for values, and patterns', () => {
    const list = defineList({ lista: optionalId(), aba: named({ C: 'feitos', V: 'recebidos' }, 'V'), filtro: matching(/^marca:.{1,80}$/) })
    const read = (query: string) => parseListState(list, new URLSearchParams(query))
    expect(read('lista=12&aba=feitos&filtro=marca:Medley')).toEqual({ page: 1, lista: 12, aba: 'C', filtro: 'marca:Medley' })
    expect(read('lista=0&aba=C&filtro=preco:1')).toEqual({ page: 1, lista: null, aba: 'V', filtro: '' })
    expect(read('lista=2147483648').lista).toBeNull()
  })
})

describe('listAddress', () => {
  test('parameters at their default, and page 1, are left out: one list, one address', () => {
    expect(listAddress(PRODUCTS, '/products', state(''))).toBe('/products')
    expect(listAddress(PRODUCTS, '/products', state('ordem=nome&direcao=asc&page=1&ativo='))).toBe('/products')
    expect(listAddress(PRODUCTS, '/products', state('direcao=desc&q=sab%C3%A3o&page=2'))).toBe('/products?q=sab%C3%A3o&direcao=desc&page=2')
  })

  test('a new search, filter or sort starts again at page 1; a page keeps the rest', () => {
    const on3 = state('q=sabao&ativo=1&page=3')
    expect(listAddress(PRODUCTS, '/products', on3, { q: 'creme' })).toBe('/products?q=creme&ativo=1')
    expect(listAddress(PRODUCTS, '/products', on3, { ativo: '' })).toBe('/products?q=sabao')
    expect(listAddress(PRODUCTS, '/products', on3, { ordem: 'preco', direcao: 'desc' })).toBe('/products?q=sabao&ativo=1&ordem=preco&direcao=desc')
    expect(listAddress(PRODUCTS, '/products', on3, { page: 4 })).toBe('/products?q=sabao&ativo=1&page=4')
    expect(listAddress(PRODUCTS, '/products', on3, { page: 1 })).toBe('/products?q=sabao&ativo=1')
    // The same value again is no change.
    expect(listAddress(PRODUCTS, '/products', on3, { q: 'sabao' })).toBe('/products?q=sabao&ativo=1&page=3')
  })

  test('the parameters fixed for the list come first, others (a modal) after it', () => {
    const lines = defineList({ q: search() }, { fixed: { aba: 'produtos' } })
    const on2 = parseListState(lines, new URLSearchParams('aba=produtos&q=x&page=2&modal=editar'))
    expect(listAddress(lines, '/conditionDetails/1/Tabela/C', on2)).toBe('/conditionDetails/1/Tabela/C?aba=produtos&q=x&page=2')
    expect(listAddress(lines, '/c', on2, {}, { modal: 'remover', ids: '3,4', id: null })).toBe('/c?aba=produtos&q=x&page=2&modal=remover&ids=3%2C4')
  })

  test('values are written as the address shows them', () => {
    const orders = defineList({ aba: named({ C: 'feitos', V: 'recebidos' }, 'V'), lista: optionalId() })
    const fresh = parseListState(orders, new URLSearchParams())
    expect(listAddress(orders, '/orders', fresh, { aba: 'C', lista: 7 })).toBe('/orders?aba=feitos&lista=7')
    expect(listAddress(orders, '/orders', fresh, { aba: 'V' })).toBe('/orders')
  })
})

describe('listFields', () => {
  test("a filter form carries the list's other parameters, those at their default left out, and never the page", () => {
    expect(listFields(PRODUCTS, state('q=a&ativo=1&ordem=preco&page=4'), ['q', 'ativo'])).toEqual([['ordem', 'preco']])
    expect(listFields(PRODUCTS, state('page=4'), ['q'])).toEqual([])
    const lines = defineList({ q: search() }, { fixed: { aba: 'produtos' } })
    expect(listFields(lines, parseListState(lines, new URLSearchParams('q=x')), ['q'])).toEqual([['aba', 'produtos']])
  })
})

describe('lastPageAddress', () => {
  test('a page past the last goes to the last, every other parameter kept', () => {
    const params = new URLSearchParams('q=a&page=100000&modal=editar&id=3')
    expect(lastPageAddress('/customers', params, 100000, { total: 41, last_page: 3 })).toBe('/customers?q=a&page=3&modal=editar&id=3')
  })

  test("the data request's own parameter is not the page's", () => {
    expect(lastPageAddress('/orders', new URLSearchParams('page=9&_routes=routes%2Forders'), 9, { total: 5, last_page: 1 })).toBe('/orders?page=1')
  })

  test('none for a page of the list, or an empty list', () => {
    expect(lastPageAddress('/orders', new URLSearchParams('page=3'), 3, { total: 60, last_page: 3 })).toBeNull()
    expect(lastPageAddress('/orders', new URLSearchParams('page=3'), 3, { total: 0, last_page: 1 })).toBeNull()
  })
})

describe('pagesAround', () => {
  test('the first, the last and the current page with its neighbours; a gap of one page is shown', () => {
    expect(pagesAround(1, 1)).toEqual([1])
    expect(pagesAround(1, 3)).toEqual([1, 2, 3])
    expect(pagesAround(1, 10)).toEqual([1, 2, null, 10])
    expect(pagesAround(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pagesAround(3, 10)).toEqual([1, 2, 3, 4, null, 10])
    expect(pagesAround(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10])
    expect(pagesAround(10, 10)).toEqual([1, null, 9, 10])
  })
})
