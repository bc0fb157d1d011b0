import { expect, test } from 'vitest'
import { idListParam, idOf, isDbId } from '../../app/domain/shared/fields.ts'

test('an id is a positive integer within PostgreSQL’s integer', () => {
  expect([1, 2_147_483_647].map(isDbId)).toEqual([true, true])
  expect([0, -1, 1.5, 2_147_483_648, Number.NaN].map(isDbId)).toEqual([false, false, false, false, false])
})

test('an id in an address is its digits only, else 0', () => {
  expect(['7', '0012', '2147483647'].map(idOf)).toEqual([7, 12, 2_147_483_647])
  expect(['', null, undefined, '0', '-1', '7.0', '1e3', ' 7', '0x10', '2147483648', '99999999999', 'abc'].map(idOf)).toEqual(Array(12).fill(0))
})

test('a list of ids in the query string: ours, once each, at most the limit', () => {
  expect(idListParam(new URLSearchParams('ids=3,5,3,x,-2,0,8'), 10)).toEqual([3, 5, 8])
  expect(idListParam(new URLSearchParams('ids=1,2,3,4'), 2)).toEqual([1, 2])
  expect(idListParam(new URLSearchParams(''), 5)).toEqual([])
})
