import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { formSchema, formSchemasLoaded, schemaEntry } from '~/components/form-schema.ts'
import { LoginSchema } from '~/domain/auth/schemas.ts'

describe('formSchema (decision 032)', () => {
  test('on the server every declared schema is loaded before a render, with its constraints and parser', async () => {
    const login = formSchema('LoginSchema')
    expect(login.loaded).toBeNull()
    await formSchemasLoaded()
    expect(login.loaded?.schema).toBe(LoginSchema)
    expect(login.loaded?.constraint).toEqual(getZodConstraint(LoginSchema))
    expect(login.loaded?.constraint.email).toMatchObject({ required: true })
    const submission = login.loaded!.parse(new FormData())
    expect(submission.status).toBe('error')
  })

  test('the schema is imported once however often it is asked for', async () => {
    let imports = 0
    const counted = schemaEntry('LoginSchema', async () => {
      imports++
      return LoginSchema
    })
    const [a, b] = await Promise.all([counted.load(), counted.load()])
    expect(a).toBe(b)
    expect(imports).toBe(1)
  })
})
