/** Mails about a company's own registration, in Portuguese. */
import { mailLayout } from './templates.ts'

/**
 * The six-digit code that activates a new organization (POST api/empresas/verifyValidationCode).
 * The code is shown large, spaced for reading, and alone on its own line in the text body.
 */
export function organizationCodeMail(options: { to: string; organizacao: string; code: string; validHours: number; maxAttempts: number }) {
  const { to, organizacao, code, validHours, maxAttempts } = options
  const title = 'Código de verificação da sua organização'
  const paragraphs = [
    `Use o código abaixo para ativar a organização ${organizacao} na plataforma.`,
    `Ele vale por ${validHours} horas e aceita até ${maxAttempts} tentativas. Se expirar, peça um novo código na tela de verificação.`,
    'Se você não criou esta organização, ignore este e-mail.',
  ]
  const body = mailLayout(title, [paragraphs[0], { code }, ...paragraphs.slice(1)])
  return { to, subject: `Código de verificação: ${organizacao}`, ...body }
}
