/** The mails the product sends, in Portuguese. Each has a plain-text and an HTML body. */

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A button; `secondary` draws it as a plain link beside the main one (e.g. 'Recusar convite'). */
type MailAction = { label: string; url: string; secondary?: boolean }
/** A paragraph, or a code shown large and alone on its line (e.g. a verification code). */
type MailBlock = string | { code: string }

/** The frame every mail of the product uses: a title, paragraphs and codes, and buttons. */
export function mailLayout(title: string, blocks: MailBlock[], action?: MailAction | MailAction[]) {
  const actions = action ? (Array.isArray(action) ? action : [action]) : []
  const text = [
    title,
    '',
    ...blocks.flatMap((b) => (typeof b === 'string' ? [b] : ['', b.code, ''])),
    ...actions.flatMap((a) => ['', `${a.label}: ${a.url}`]),
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    ...blocks.map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b)}</p>`
        : `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;color:#4f46e5">${escapeHtml(b.code)}</p>`,
    ),
    ...actions.map(
      (a) =>
        `<p><a href="${escapeHtml(a.url)}" style="${a.secondary ? 'color:#4f46e5;padding:10px 16px' : 'background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none'}">${escapeHtml(a.label)}</a></p><p style="font-size:12px">${escapeHtml(a.url)}</p>`,
    ),
    '</body></html>',
  ].join('')
  return { text, html }
}

export function passwordResetMail(to: string, url: string) {
  return {
    to,
    subject: 'Redefinição de senha',
    ...mailLayout(
      'Redefinição de senha',
      [
        'Recebemos um pedido para redefinir a senha da sua conta.',
        'O link vale por 60 minutos e pode ser usado uma única vez. Se você não fez esse pedido, ignore este e-mail.',
      ],
      { label: 'Redefinir senha', url },
    ),
  }
}

export function partnerInviteMail(to: string, inviter: string, url: string) {
  return {
    to,
    subject: `${inviter} convidou sua empresa para a plataforma`,
    ...mailLayout(
      'Você recebeu um convite',
      [
        `${inviter} convidou sua empresa para comprar e vender com ela na plataforma de pedidos.`,
        'Crie sua conta e a da empresa em um só passo. O convite vale por 30 dias.',
      ],
      { label: 'Aceitar convite', url },
    ),
  }
}
