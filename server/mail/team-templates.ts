/** Mails of the team screen (Meu Time), in Portuguese. */
import { mailLayout } from './templates.ts'

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
    ...mailLayout(
      `Convite para a equipe de ${options.organizationName}`,
      [
        `${options.inviterName} convidou você para fazer parte da equipe de ${options.organizationName} na plataforma de pedidos B2B.`,
        `Para aceitar, entre com a conta do e-mail ${options.to}. Se ainda não tem conta, crie uma com este mesmo e-mail pelo link do convite: depois de entrar, você volta ao convite para aceitá-lo.`,
        `O convite vale até ${until} e pode ser usado uma única vez. Se você não esperava este convite, pode recusá-lo ou ignorar este e-mail.`,
      ],
      [
        { label: 'Aceitar convite', url: options.links.accept },
        { label: 'Recusar convite', url: options.links.decline, secondary: true },
      ],
    ),
  }
}
