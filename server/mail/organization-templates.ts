/** Mails about a company's own registration, in Portuguese, with a plain-text and an HTML body. */

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

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
  const text = [title, '', paragraphs[0], '', code, '', ...paragraphs.slice(1)].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(paragraphs[0])}</p>`,
    `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;color:#4f46e5">${escapeHtml(code)}</p>`,
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    '</body></html>',
  ].join('')
  return { to, subject: `Código de verificação: ${organizacao}`, text, html }
}
