import type { z } from 'zod'

/**
 * The schema of each form on the pages that are not hydrated, by the form's id: the same schema the
 * route's action parses the post with. Imported when the page has loaded, as form-schema.ts does for
 * hydrated forms (decision 032).
 */
export const STATIC_FORM_SCHEMAS: Record<string, () => Promise<z.ZodType>> = {
  login: () => import('~/domain/auth/schemas.ts').then((m) => m.LoginSchema),
  signup: () => import('~/domain/auth/schemas.ts').then((m) => m.SignupSchema),
  'forgot-password': () => import('~/domain/auth/schemas.ts').then((m) => m.ForgotPasswordSchema),
  'reset-password': () => import('~/domain/auth/schemas.ts').then((m) => m.ResetPasswordSchema),
}
