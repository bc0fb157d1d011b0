import { describe, expect, test } from 'vitest'
import { AREA_READERS, readsArea, type ReadArea } from '../../app/domain/team/area-readers.ts'
import { PERMISSIONS, PERMISSION_IDS } from '../../app/domain/team/permissions.ts'

const AREAS = Object.keys(AREA_READERS) as ReadArea[]

describe('who reads an area (decision 042)', () => {
  test("each area is read with its 'Ver' permission or its 'Gerenciar' one, both in the catalogue", () => {
    for (const area of AREAS) expect([...AREA_READERS[area]]).toEqual([`${area}_ver`, area])
    for (const p of AREAS.flatMap((area) => AREA_READERS[area])) expect(PERMISSION_IDS).toContain(p)
  })

  test("the 'Ver' permissions are named as 'Ver pedidos' is, and the conditions' says it includes the price tables", () => {
    const named = (id: string) => PERMISSIONS.find((p) => p.id === id)
    expect(named('produtos_ver')?.nome).toBe('Ver produtos')
    expect(named('clientes_ver')?.nome).toBe('Ver clientes')
    expect(named('condicoes_ver')?.nome).toBe('Ver condições')
    expect(named('condicoes_ver')?.descricao).toMatch(/tabelas de preços/)
  })

  test('an admin (every permission) reads every area; a role reads one with either of its permissions; nothing else does', () => {
    for (const area of AREAS) {
      const readers: readonly string[] = AREA_READERS[area]
      expect(readsArea(PERMISSION_IDS, area)).toBe(true)
      for (const p of readers) expect(readsArea([p], area)).toBe(true)
      expect(readsArea(PERMISSION_IDS.filter((p) => !readers.includes(p)), area)).toBe(false)
      expect(readsArea([], area)).toBe(false)
    }
  })
})
