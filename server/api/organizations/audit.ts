import { eq } from 'drizzle-orm'
import { isPlanCode, PLANS } from '../../../app/domain/plans/plans.ts'
import { describeTeamAudit, type TeamAuditNames } from '../../../app/domain/team/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { auditLogs, cargos, memberships, users } from '../../db/schema/index.ts'

/** Records who did what in an organization, inside the caller's transaction. */
export async function audit(db: Db | Tx, entry: { organizationId: number; userId: number | null; acao: string; detalhes?: Record<string, unknown> }) {
  await db.insert(auditLogs).values({ ...entry, detalhes: entry.detalhes ?? {} })
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
const planName = (value: unknown) => (typeof value === 'string' && isPlanCode(value) ? PLANS[value].nome : text(value))

/** The sentence the audit screen shows for each action; an unknown action shows its code. */
const DESCRIPTIONS: Record<string, (d: Record<string, unknown>) => string> = {
  'empresa.criada': () => 'Criou a organização',
  'empresa.ativada': () => 'Confirmou o código de verificação e ativou a organização',
  'empresa.atualizada': (d) => {
    const campos = Array.isArray(d.campos) ? d.campos.join(', ') : ''
    return campos ? `Alterou os dados da empresa (${campos})` : 'Salvou os dados da empresa'
  },
  'empresa.logo_alterado': () => 'Trocou o logo da empresa',
  'empresa.logo_removido': () => 'Removeu o logo da empresa',
  'empresa.link_removido': (d) => `Removeu o link ${text(d.tipo)} do cartão de visita`,
  'bandeira.entrou': () => 'Entrou em uma bandeira',
  'bandeira.saiu': () => 'Saiu da bandeira',
  'bandeira.unidade_entrou': (d) => `A unidade ${text(d.unidade)} entrou na bandeira`,
  'bandeira.unidade_saiu': (d) => `A unidade ${text(d.unidade)} saiu da bandeira`,
  'bandeira.codigo_gerado': () => 'Gerou um novo código de bandeira',
  'tokenbase.alterado': () => 'Alterou o código Tokenbase',
  'tokenbase.excluido': () => 'Excluiu o código Tokenbase',
  'feedback.enviado': (d) => `Avaliou a organização com nota ${text(d.nota)}`,
  'convite.criado': (d) => (d.email ? `Convidou ${text(d.nome)} (${text(d.email)}) como ${text(d.relacao)}` : `Convidou ${text(d.nome)} como ${text(d.relacao)}`),
  'cliente.criado': (d) => `Cadastrou o cliente ${text(d.nome)}`,
  'cliente.atualizado': (d) => `Alterou o cliente ${text(d.nome)}`,
  'cliente.bloqueado': (d) => `Bloqueou o cliente ${text(d.nome)}`,
  'cliente.desbloqueado': (d) => `Desbloqueou o cliente ${text(d.nome)}`,
  'pagamento.criado': (d) => `Criou a forma de pagamento ${text(d.nome)}`,
  'pagamento.excluido': (d) => `Excluiu a forma de pagamento ${text(d.nome)}`,
  'plano.teste_iniciado': (d) => `Iniciou o teste grátis do plano ${planName(d.plano)}`,
  'plano.alterado': (d) => `Trocou o plano ${planName(d.de)} pelo ${planName(d.para)}`,
  'cobranca.nf_enviada': (d) => `Enviou a nota fiscal do título ${text(d.numero)}`,
  'cobranca.email_adicionado': (d) => `Adicionou o e-mail ${d.tipo === 'F' ? 'de cobrança' : 'comercial'} ${text(d.email)}`,
  'cobranca.email_removido': (d) => `Removeu o e-mail ${d.tipo === 'F' ? 'de cobrança' : 'comercial'} ${text(d.email)}`,
}

/** The names of the organization's roles and people, which the team's entries mention by id. */
export async function auditNames(db: Db, organizationId: number): Promise<TeamAuditNames> {
  const roleRows = await db.select({ id: cargos.id, nome: cargos.nome }).from(cargos).where(eq(cargos.organizationId, organizationId))
  const people = await db
    .select({ id: users.id, nome: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
  const roles = new Map(roleRows.map((r) => [r.id, r.nome]))
  const members = new Map(people.map((p) => [p.id, p.nome]))
  return { cargo: (id) => roles.get(Number(id)) ?? null, member: (id) => members.get(Number(id)) ?? null }
}

export function describeAudit(acao: string, detalhes: Record<string, unknown>, names: TeamAuditNames) {
  return DESCRIPTIONS[acao]?.(detalhes) ?? describeTeamAudit(acao, detalhes, names) ?? acao
}
