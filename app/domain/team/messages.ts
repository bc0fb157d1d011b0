import { PLANS } from '../plans/plans.ts'
import { PERMISSIONS } from './permissions.ts'

/**
 * Texts of the team screen (Meu Time) and of the team calls under api/myteam (the
 * spec shows none, so they are ours). One source: the API (server/api/team/shared.ts)
 * and the web app both import them. docs/decisions/003-team.md has the rules.
 */

/** The users Básico allows (the plans table): active members plus pending, unexpired invites count. */
const BASIC_USERS = PLANS.B.limites.usuarios
/** A member's level (user_level) goes from 1 to this. */
export const MAX_LEVEL = 10

/** What the API answers (also shown by the screen as they come). */
export const teamMessages = {
  orgRequired: 'A organização é obrigatória.',
  orgInvalid: 'Organização inválida.',
  cargoRequired: 'O cargo é obrigatório.',
  cargoInvalid: 'Cargo inválido.',
  cargoNotFound: 'O cargo escolhido não existe nesta organização.',
  cargoNameRequired: 'O nome do cargo é obrigatório.',
  cargoNameTooLong: 'O nome do cargo deve ter no máximo 60 caracteres.',
  cargoNameTaken: 'Já existe um cargo com este nome.',
  permissionsList: 'As permissões devem ser uma lista.',
  permissionUnknown: (value: unknown) => `A permissão "${String(value)}" não existe.`,
  cargoCreated: 'Cargo criado com sucesso!',
  cargoUpdated: 'Cargo atualizado com sucesso!',
  cargoDeleted: (n: number) =>
    n === 0 ? 'Cargo excluído.' : `Cargo excluído. ${n} ${n === 1 ? 'membro ficou' : 'membros ficaram'} sem cargo.`,
  userRequired: 'O usuário é obrigatório.',
  userInvalid: 'Usuário inválido.',
  notAMember: 'Este usuário não faz parte desta organização.',
  memberNotFound: 'Membro não encontrado nesta organização.',
  isAdminInvalid: 'O campo administrador deve ser verdadeiro ou falso.',
  levelInvalid: `O nível deve ser um número inteiro de 1 a ${MAX_LEVEL}.`,
  nothingToChange: 'Informe o que alterar: cargo, administrador ou nível.',
  memberUpdated: 'Membro atualizado com sucesso!',
  memberRemoved: 'Membro removido da equipe.',
  lastAdminDemote: 'A organização precisa de pelo menos um administrador. Torne outra pessoa administradora antes de retirar este acesso.',
  lastAdminRemove: 'A organização precisa de pelo menos um administrador. Torne outra pessoa administradora antes de remover esta.',
  onlyAdminsGrantAdmin: 'Só um administrador pode conceder ou retirar o acesso de administrador.',
  onlyAdminsTouchAdmins: 'Só um administrador pode alterar ou remover outro administrador.',
  cannotGrant: (names: string) => `Você não pode conceder permissões que você mesmo não tem: ${names}.`,
  cannotDeleteCargo: (names: string) => `Você não pode excluir um cargo com permissões que você mesmo não tem: ${names}.`,
  alreadyMember: 'Esta pessoa já faz parte da equipe.',
  usersLimit: (plan: string, limit: number) => `O plano ${plan} permite até ${limit} usuários. Faça upgrade para convidar mais pessoas.`,
  usersLimitAccept: (plan: string, limit: number) =>
    `O plano ${plan} desta organização permite até ${limit} usuários e a equipe está completa. Peça a um administrador que faça upgrade do plano e aceite o convite de novo.`,
  inviteSent: (email: string) => `Convite enviado para ${email}.`,
  inviteInvalid: 'Este convite é inválido.',
  inviteExpired: 'Este convite expirou. Peça um novo convite a quem o enviou.',
  inviteUsed: 'Este convite já foi aceito.',
  inviteDeclined: 'Este convite foi recusado.',
  inviteWrongUser: 'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail que recebeu o convite.',
  inviteAccepted: (org: string) => `Convite aceito! Agora você faz parte da equipe de ${org}.`,
  inviteAlreadyMember: (org: string) => `Você já faz parte da equipe de ${org}.`,
  inviteRefused: 'Convite recusado.',
  pageInvalid: 'A página deve ser um número inteiro de 1 em diante.',
  perPageInvalid: 'Registros por página deve ser entre 1 e 100.',
  searchTooLong: 'A busca deve ter no máximo 255 caracteres.',
} as const

/** What only the web screens say. */
export const teamScreenMessages = {
  title: 'Meu Time',
  tabs: { membros: 'Membros', cargos: 'Cargos', atividades: 'Atividades' },
  readOnly: 'Você pode ver a equipe, mas só administradores e quem tem a permissão "Gerenciar equipe" fazem alterações.',
  activityOnlyManagers: 'Só administradores e quem tem a permissão "Gerenciar equipe" veem as atividades da organização.',
  noMembersFound: 'Nenhum membro encontrado para essa busca.',
  noRoles: 'Nenhum cargo criado ainda. Cargos reúnem permissões para dar a vários membros de uma vez.',
  noActivity: 'Nenhuma atividade registrada ainda.',
  noPermissions: 'Nenhuma permissão',
  noCargo: 'Sem cargo',
  adminBadge: 'Administrador',
  removedBadge: 'Fora da equipe',
  youBadge: 'Você',
  level: (n: number) => `Nível ${n}`,
  adminHoldsAll: 'Administradores têm todas as permissões, com ou sem cargo.',
  onlyOwnPermissions: 'Você só pode conceder permissões que você mesmo tem.',
  onlyAdminsInviteAdmins: 'Só administradores convidam outros administradores.',
  confirmTitle: 'Por favor, confirme:',
  confirmRemove: (name: string) => `Deseja mesmo remover ${name} da equipe? A pessoa perde o acesso à organização e só volta com um novo convite.`,
  confirmDeleteCargo: (name: string, members: number) =>
    `Deseja mesmo excluir o cargo ${name}?` +
    (members > 0 ? ` ${members} ${members === 1 ? 'membro ficará' : 'membros ficarão'} sem cargo.` : ''),
  memberGone: 'Este membro não está nesta página da lista. Volte à lista e tente de novo.',
  cargoGone: 'Este cargo não existe mais.',
  removedSelf: 'Você saiu da equipe desta organização.',
  /** One's own row in Meu Time: leaving, in place of 'Remover'. */
  leaveTeam: 'Sair da equipe',
  confirmLeave: 'Deseja mesmo sair da equipe? Você perde o acesso à organização e só volta com um novo convite.',
  confirmLeaveButton: 'Sim, sair',
  pendingInvites: 'Convites pendentes',
  inviteExpiresOn: (date: string) => `vale até ${date}`,
  inviteResent: (email: string) => `Convite enviado de novo para ${email}.`,
  basicPlanNote: `No plano Básico, a equipe tem até ${BASIC_USERS} usuários, contando convites pendentes.`,
  someoneByMail: 'Pelo link do e-mail',
  system: 'Sistema',
} as const

/** The public invite screen (/convite-equipe/{orgId}/{token}), opened from the mail. */
export const teamInviteScreenMessages = {
  title: 'Convite para a equipe',
  declineTitle: 'Recusar convite',
  whatItIs:
    'Você recebeu por e-mail um convite para fazer parte da equipe de uma organização na plataforma de pedidos B2B. O e-mail diz qual organização convidou você e quem enviou o convite.',
  acceptNeedsAccount: (email?: string) =>
    `Para aceitar, entre com a conta do e-mail que recebeu o convite${email ? ` (${email})` : ''}. Se ainda não tem conta, crie uma com esse mesmo e-mail: depois de entrar, você volta para esta página.`,
  loggedInAs: (name: string, email: string) => `Você está conectado como ${name} (${email}).`,
  onlyInvitedAccount: 'O convite só pode ser aceito pela conta do e-mail que o recebeu.',
  declineExplain: 'Se você não esperava este convite ou não quer fazer parte da equipe, recuse: o link deixa de valer e quem convidou fica sabendo. Não é preciso entrar na sua conta.',
  declined: 'Convite recusado. Você pode fechar esta página.',
  malformed: 'Este link de convite está incompleto ou foi alterado. Abra de novo o link do e-mail.',
} as const

const permissionName = (id: string) => PERMISSIONS.find((p) => p.id === id)?.nome ?? id

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : [])

/** Names the audit entries of the team calls mention by id (roles, people), when the screen knows them. */
export type TeamAuditNames = { cargo: (id: unknown) => string | null; member: (id: unknown) => string | null }

function cargoLabel(names: TeamAuditNames, id: unknown) {
  if (id === null || id === undefined) return 'sem cargo'
  const name = names.cargo(id)
  return name ? `"${name}"` : 'um cargo excluído'
}

/**
 * The sentence for an audit entry of the team calls (docs/decisions/003-team.md, Audit).
 * Null for other actions. The audit call (server/api/organizations/audit.ts) may use it too.
 */
export function describeTeamAudit(acao: string, detalhes: Record<string, unknown>, names: TeamAuditNames): string | null {
  const d = detalhes
  switch (acao) {
    case 'cargo.criado': {
      const perms = list(d.permissoes)
      return `Criou o cargo "${text(d.nome)}"` + (perms.length ? ` com ${perms.map(permissionName).join(', ')}` : ' sem permissões')
    }
    case 'cargo.editado': {
      const before = record(d.antes)
      const after = record(d.depois)
      const parts: string[] = []
      if (text(before.nome) !== text(after.nome)) parts.push(`renomeado de "${text(before.nome)}"`)
      const oldPerms = list(before.permissoes)
      const newPerms = list(after.permissoes)
      const added = newPerms.filter((p) => !oldPerms.includes(p)).map(permissionName)
      const removed = oldPerms.filter((p) => !newPerms.includes(p)).map(permissionName)
      if (added.length) parts.push(`ganhou ${added.join(', ')}`)
      if (removed.length) parts.push(`perdeu ${removed.join(', ')}`)
      return `Editou o cargo "${text(after.nome)}"` + (parts.length ? `: ${parts.join('; ')}` : '')
    }
    case 'cargo.excluido': {
      const n = Number(d.membros_afetados) || 0
      return `Excluiu o cargo "${text(d.nome)}"` + (n > 0 ? ` (${n} ${n === 1 ? 'membro ficou' : 'membros ficaram'} sem cargo)` : '')
    }
    case 'membro.convidado':
      return `Convidou ${text(d.email)}` + (d.cargo_id ? ` com o cargo ${cargoLabel(names, d.cargo_id)}` : '') + (d.is_admin === true ? ', como administrador' : '')
    case 'convite.aceito':
      return d.ja_era_membro === true
        ? `Abriu o convite enviado para ${text(d.email)}; já fazia parte da equipe`
        : `Aceitou o convite enviado para ${text(d.email)} e entrou na equipe`
    case 'convite.recusado':
      return `O convite enviado para ${text(d.email)} foi recusado`
    case 'membro.alterado': {
      const before = record(d.antes)
      const after = record(d.depois)
      const who = names.member(d.user_id) ?? 'um membro'
      const parts: string[] = []
      if (before.cargo_id !== after.cargo_id) parts.push(`cargo ${cargoLabel(names, before.cargo_id)} → ${cargoLabel(names, after.cargo_id)}`)
      if (before.is_admin !== after.is_admin) parts.push(after.is_admin === true ? 'passou a ser administrador' : 'deixou de ser administrador')
      if (before.level !== after.level) parts.push(`nível ${text(before.level)} → ${text(after.level)}`)
      return `Alterou ${who}` + (parts.length ? `: ${parts.join('; ')}` : ' (sem mudanças)')
    }
    case 'membro.removido':
      return `Removeu ${text(d.nome)} (${text(d.email)}) da equipe`
    default:
      return null
  }
}
