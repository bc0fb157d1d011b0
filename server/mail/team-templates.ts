/** Mails of the team screen (Meu Time), in Portuguese, with a plain-text and an HTML body. */

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

type Action = { label: string; url: string; primary?: boolean }

function layout(title: string, paragraphs: string[], actions: Action[]) {
  const text = [title, '', ...paragraphs, '', ...actions.map((a) => `${a.label}: ${a.url}`)].join('\n')
  const button = (a: Action) =>
    a.primary
      ? `<a href="${escapeHtml(a.url)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(a.label)}</a>`
      : `<a href="${escapeHtml(a.url)}" style="color:#4f46e5;padding:10px 16px">${escapeHtml(a.label)}</a>`
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${actions.map(button).join(' ')}</p>`,
    ...actions.map((a) => `<p style="font-size:12px">${escapeHtml(a.label)}: ${escapeHtml(a.url)}</p>`),
    '</body></html>',
  ].join('')
  return { text, html }
}

/**
 * The links of a team invite. Both open the public invite screen of the web app
 * (app/routes/team-invite.tsx), which shows the invite and acts only when its button is
 * pressed (mail scanners open links):
 *
 *   {appUrl}/convite-equipe/{organizationId}/{token}               → 'Aceitar convite': Login or sign-up first,
 *                                                                     then GET api/myteam/{organizationId}/{token}/invite/aceiteinvite
 *   {appUrl}/convite-equipe/{organizationId}/{token}?acao=recusar  → 'Recusar convite', without login (the token proves
 *                                                                     the mail arrived): GET …/invite/negainvite
 */
export function teamInviteLinks(appUrl: string, organizationId: number, token: string) {
  const base = `${appUrl}/convite-equipe/${organizationId}/${encodeURIComponent(token)}`
  return { accept: base, decline: `${base}?acao=recusar` }
}

export function teamInviteMail(options: {
  to: string
  organizationName: string
  inviterName: string
  links: { accept: string; decline: string }
  expiresAt: Date
}) {
  const until = options.expiresAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  return {
    to: options.to,
    subject: `Convite para a equipe de ${options.organizationName}`,
    ...layout(
      `Convite para a equipe de ${options.organizationName}`,
      [
        `${options.inviterName} convidou você para fazer parte da equipe de ${options.organizationName} na plataforma de pedidos B2B.`,
        `Para aceitar, entre com a conta do e-mail ${options.to}. Se ainda não tem conta, crie uma com este mesmo e-mail pelo link do convite: depois de entrar, você volta ao convite para aceitá-lo.`,
        `O convite vale até ${until} e pode ser usado uma única vez. Se você não esperava este convite, pode recusá-lo ou ignorar este e-mail.`,
      ],
      [
        { label: 'Aceitar convite', url: options.links.accept, primary: true },
        { label: 'Recusar convite', url: options.links.decline },
      ],
    ),
  }
}
