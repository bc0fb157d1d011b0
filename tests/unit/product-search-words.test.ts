import { describe, expect, it } from 'vitest'
import { searchWords } from '../../server/api/products/search.ts'

describe('searchWords', () => {
  it('parts words at spaces, commas and semicolons, and keeps a decimal comma', () => {
    expect(searchWords('  amoxicilina   ems ')).toEqual(['amoxicilina', 'ems'])
    expect(searchWords('dipirona, ems')).toEqual(['dipirona', 'ems'])
    expect(searchWords('dipirona,ems;gotas')).toEqual(['dipirona', 'ems', 'gotas'])
    expect(searchWords('clonazepam 0,5 mg')).toEqual(['clonazepam', '0,5', 'mg'])
    expect(searchWords('')).toEqual([])
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8)
  })
})
