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

  it('parts a number from the letters after it, so a dose written together finds one written apart', () => {
    expect(searchWords('paracetamol 750mg')).toEqual(['paracetamol', '750', 'mg'])
    expect(searchWords('dipirona 1g')).toEqual(['dipirona', '1', 'g'])
    expect(searchWords('0,5mg')).toEqual(['0,5', 'mg'])
    expect(searchWords('vitamina b12')).toEqual(['vitamina', 'b12'])
    expect(searchWords('7891234567895')).toEqual(['7891234567895'])
  })
})
