import { z } from 'zod'
import { authMessages as m } from './messages.ts'
import { text } from '../shared/text.ts'
import { LOGO_MAX_BYTES } from './logo.ts'

/**
 * Field rules shared by the web forms and the API, so both answer with the same
 * Portuguese message. Conform turns an empty input into `undefined`, hence the
 * `error` of each type check is the "required" text.
 */
export const emailField = text({ required: m.emailRequired, max: 255, tooLong: m.emailTooLong })
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((email) => email.toLowerCase())

export const passwordField = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired)

export const newPasswordField = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .min(8, m.passwordTooShort)
  .max(128, m.passwordTooLong)

export const repeatField = z.string({ error: m.repeatRequired }).min(1, m.repeatRequired)

export const userNameField = text({ required: m.userRequired, max: 255, tooLong: m.userTooLong })
export const profileNameField = text({ required: m.nameRequired, max: 255, tooLong: m.nameTooLong })

export const termsField = z.boolean({ error: m.termsRequired }).refine((v) => v, m.termsRequired)

export const companyNameField = text({ required: m.companyRequired, max: 255, tooLong: m.companyTooLong })

/** Adds "As senhas não coincidem." on `repeatKey` once both passwords are typed, even while other fields are still wrong. */
export function passwordsMatch<K extends string, R extends string>(passwordKey: K, repeatKey: R) {
  return {
    check: (value: Record<K | R, unknown>) => value[passwordKey] === value[repeatKey],
    params: {
      message: m.passwordsDiffer,
      path: [repeatKey],
      when(payload: { value: unknown }) {
        const value = payload.value as Record<string, unknown>
        // An empty repeat already says "Repita a senha digitada."; a mismatch on top would only repeat it.
        return typeof value?.[passwordKey] === 'string' && typeof value?.[repeatKey] === 'string' && value[repeatKey] !== ''
      },
    },
  }
}

/** Sign-up sends the name capitalised. */
export function capitalise(name: string) {
  const trimmed = name.trim()
  return trimmed.charAt(0).toLocaleUpperCase('pt-BR') + trimmed.slice(1)
}

export const LoginSchema = z.object({
  email: emailField,
  password: passwordField,
  remember: z.boolean().optional(),
})

const signupMatch = passwordsMatch('password', 'confirm_password')
export const SignupSchema = z
  .object({
    name: userNameField,
    email: emailField,
    password: newPasswordField,
    confirm_password: repeatField,
    terms: termsField,
  })
  .refine(signupMatch.check, signupMatch.params)

export const ForgotPasswordSchema = z.object({ email: emailField })

const resetMatch = passwordsMatch('password', 'password_confirmation')
export const ResetPasswordSchema = z
  .object({
    password: newPasswordField,
    password_confirmation: repeatField,
  })
  .refine(resetMatch.check, resetMatch.params)

/** Browsers send an empty file part when no logo is chosen. */
/** Checked by size here; the API checks the content (magic bytes), never the name. */
export const logoField = z
  .instanceof(File, { error: m.logoType })
  .optional()
  .transform((file) => (file && file.size > 0 ? file : undefined))
  .refine((file) => !file || file.size <= LOGO_MAX_BYTES, m.logoTooBig)

const newCustomerMatch = passwordsMatch('password', 'confirm_password')
export const NewCustomerSchema = z
  .object({
    user: userNameField,
    email: emailField,
    password: newPasswordField,
    confirm_password: repeatField,
    name: companyNameField,
    logo: logoField,
    terms: termsField,
  })
  .refine(newCustomerMatch.check, newCustomerMatch.params)
