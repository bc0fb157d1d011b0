import { describe, expect, test } from 'vitest'
import { authMessages as m } from '~/domain/auth/messages.ts'
import { capitalise, ForgotPasswordSchema, LoginSchema, NewCustomerSchema, ResetPasswordSchema, SignupSchema } from '~/domain/auth/schemas.ts'

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message)
  return out
}

const validSignup = { name: 'maria', email: 'Maria@Exemplo.com.br ', password: 'segredo12', confirm_password: 'segredo12', terms: true }

describe('login', () => {
  test('requires e-mail and password with the spec texts', () => {
    expect(errors(LoginSchema.safeParse({}))).toEqual({ email: [m.emailRequired], password: [m.passwordRequired] })
  })
  test('refuses an invalid e-mail', () => {
    expect(errors(LoginSchema.safeParse({ email: 'ana@', password: 'x' }))).toEqual({ email: [m.emailInvalid] })
  })
  test('trims and lower-cases the e-mail', () => {
    expect(LoginSchema.parse({ email: ' Ana@Sol.COM.br ', password: 'x' }).email).toBe('ana@sol.com.br')
  })
})

describe('sign-up', () => {
  test('every field starts invalid with its own message', () => {
    expect(errors(SignupSchema.safeParse({}))).toEqual({
      name: [m.userRequired],
      email: [m.emailRequired],
      password: [m.passwordRequired],
      confirm_password: [m.repeatRequired],
      terms: [m.termsRequired],
    })
  })
  test('the passwords must match, even while other fields are still empty', () => {
    expect(errors(SignupSchema.safeParse({ password: 'segredo12', confirm_password: 'outra1234' })).confirm_password).toEqual([m.passwordsDiffer])
  })
  test('terms must be accepted', () => {
    expect(errors(SignupSchema.safeParse({ ...validSignup, terms: false }))).toEqual({ terms: [m.termsRequired] })
  })
  test('a short password is refused', () => {
    expect(errors(SignupSchema.safeParse({ ...validSignup, password: 'curta', confirm_password: 'curta' }))).toEqual({ password: [m.passwordTooShort] })
  })
  test('a valid form passes', () => {
    expect(SignupSchema.safeParse(validSignup).success).toBe(true)
  })
  test('the name is sent capitalised', () => {
    expect(capitalise('  maria souza ')).toBe('Maria souza')
    expect(capitalise('élida')).toBe('Élida')
  })
})

describe('passwords', () => {
  test('forgot password needs a valid e-mail', () => {
    expect(errors(ForgotPasswordSchema.safeParse({ email: 'x' }))).toEqual({ email: [m.emailInvalid] })
  })
  test('reset needs both passwords, matching', () => {
    expect(errors(ResetPasswordSchema.safeParse({}))).toEqual({ password: [m.passwordRequired], password_confirmation: [m.repeatRequired] })
    expect(errors(ResetPasswordSchema.safeParse({ password: 'segredo12', password_confirmation: 'segredo13' }))).toEqual({
      password_confirmation: [m.passwordsDiffer],
    })
  })
})

describe('new customer from an invite', () => {
  const valid = { user: 'Carla', email: 'carla@x.com.br', password: 'segredo12', confirm_password: 'segredo12', name: 'Farmácia', terms: true }
  test('the logo is optional; an empty file part counts as none', () => {
    expect(NewCustomerSchema.safeParse(valid).success).toBe(true)
    expect(NewCustomerSchema.parse({ ...valid, logo: new File([], '') }).logo).toBeUndefined()
  })
  test('a logo over 1 MB gets the spec message', () => {
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'logo.png', { type: 'image/png' })
    expect(errors(NewCustomerSchema.safeParse({ ...valid, logo: big }))).toEqual({ logo: [m.logoTooBig] })
  })
  test('the name of the file is not judged here: the API checks its content', () => {
    const named = new File([new Uint8Array(10)], 'logo', { type: '' })
    expect(NewCustomerSchema.safeParse({ ...valid, logo: named }).success).toBe(true)
  })
  test('a logo field that is not a file gets the logo message', () => {
    expect(errors(NewCustomerSchema.safeParse({ ...valid, logo: 'texto' }))).toEqual({ logo: [m.logoType] })
  })
  test('company name is required', () => {
    expect(errors(NewCustomerSchema.safeParse({ ...valid, name: ' ' }))).toEqual({ name: [m.companyRequired] })
  })
})
