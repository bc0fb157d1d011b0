import { describe, expect, it } from 'vitest'
import { conditionMessages as m } from '../../app/domain/conditions/messages.ts'
import { EditConditionFormSchema, NewConditionFormSchema } from '../../app/domain/conditions/schemas.ts'

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message])

describe("'Nova condição' and 'Editar'", () => {
  it('say a missing name and an end before the start at once, not one submit after the other', () => {
    const value = { nome: '', inicio: '2026-12-10', fim: '2026-12-01', tipo_tabela: 'D' }
    expect(problems(NewConditionFormSchema.safeParse(value))).toEqual([
      ['nome', m.nomeRequired],
      ['fim', m.fimBeforeInicio],
    ])
    expect(problems(EditConditionFormSchema.safeParse({ ...value, condicao_id: 1 }))).toEqual([
      ['nome', m.nomeRequired],
      ['fim', m.fimBeforeInicio],
    ])
  })
  it('leave the order alone while a date itself is wrong', () => {
    expect(problems(NewConditionFormSchema.safeParse({ nome: 'Verão', inicio: '2026-02-31', fim: '2026-01-01', tipo_tabela: 'D' }))).toEqual([['inicio', m.dateInvalid]])
  })
})

describe('a value that is no object', () => {
  it('is refused as such, without reaching the dates check', () => {
    for (const value of [null, [], 'x', 1]) {
      const result = NewConditionFormSchema.safeParse(value)
      expect(result.success).toBe(false)
      expect(EditConditionFormSchema.safeParse(value).success).toBe(false)
    }
  })
})
