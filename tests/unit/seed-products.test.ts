import { describe, expect, test } from 'vitest'
import { parseEan } from '~/domain/catalog/ean.ts'
import { parseNcm } from '~/domain/catalog/ncm.ts'
import { demoProducts } from '../../server/db/seed-products.ts'

describe('demo catalogue of Distribuidora Sol', () => {
  const rows = demoProducts()

  test('about 300 products with valid, unique EAN-13s and codes and 8-digit NCMs', () => {
    expect(rows.length).toBeGreaterThanOrEqual(280)
    expect(rows.length).toBeLessThanOrEqual(320)
    expect(rows.every((p) => p.ean && parseEan(p.ean).ok && p.ean.length === 13)).toBe(true)
    expect(new Set(rows.map((p) => p.ean)).size).toBe(rows.length)
    expect(new Set(rows.map((p) => p.codigo)).size).toBe(rows.length)
    expect(rows.every((p) => p.ncm && parseNcm(p.ncm) === p.ncm)).toBe(true)
    expect(rows.map((p) => p.ncm)).toEqual(expect.arrayContaining(['30049099', '33049990', '34011190']))
  })

  test('some inactive, some with tax, and always the same list', () => {
    const inactive = rows.filter((p) => !p.ativo).length
    const taxed = rows.filter((p) => p.imposto).length
    expect(inactive).toBeGreaterThan(5)
    expect(inactive).toBeLessThan(rows.length / 4)
    expect(taxed).toBeGreaterThan(10)
    expect(demoProducts()).toEqual(rows)
  })
})
