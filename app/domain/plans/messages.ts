import { PLANS, TRIAL_DAYS, UNLIMITED, type Excess, type Plan, type PlanCode } from './plans.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Portuguese texts of the plans: the API's answers and refusals, and the plans modal's labels. */
export const planMessages = {
  orgInvalid: 'Organização inválida.',
  planInvalid: 'Plano inválido: use B (Básico), P (Pro), U (Pro +) ou M (Pro ∞).',
  planOrNullInvalid: 'Plano inválido: use B (Básico), P (Pro), U (Pro +), M (Pro ∞) ou null.',
  trialPlanInvalid: 'O teste grátis é de um plano pago: use P (Pro), U (Pro +) ou M (Pro ∞).',
  modeInvalid: 'Modo inválido: use M (mudança pedida por um administrador).',
  onlyAdmins: 'Só um administrador da organização pode trocar o plano ou iniciar o teste grátis.',
  trialNotOnBasic: (held: string) => `O teste grátis é para quem está no plano Básico, e esta organização está no plano ${held}.`,
  trialUsed: 'Esta organização já usou o seu teste grátis: escolha um plano para ter de novo os recursos pagos.',
  trialStarted: (plan: string) => `Teste grátis do plano ${plan} iniciado: ele acaba em ${TRIAL_DAYS} dias.`,
  samePlan: (plan: string) => `A organização já está no plano ${plan}.`,
  changed: (plan: string) => `Plano alterado para ${plan}.`,
  /** What a plan change must wait for: what to remove first, one sentence per limit. */
  excess: (plan: Plan, e: Excess) => {
    if (e.recurso === 'usuarios') {
      return `O plano ${plan.nome} permite até ${plural(e.limite, 'usuário', 'usuários')} e a equipe tem ${e.uso}: remova ${plural(e.remover, 'usuário', 'usuários')} em Meu Time antes de mudar.`
    }
    if (e.recurso === 'emailsPedidos') {
      const allows = e.limite === 0 ? 'não envia pedidos por e-mail' : `permite ${plural(e.limite, 'e-mail', 'e-mails')} de pedidos`
      return `O plano ${plan.nome} ${allows} e a empresa tem ${plural(e.uso, 'e-mail', 'e-mails')} de pedidos: remova ${plural(e.remover, 'e-mail', 'e-mails')} de pedidos antes de mudar.`
    }
    if (e.recurso === 'emailsComerciais') {
      const allows = e.limite === 0 ? 'não inclui e-mails comerciais' : `permite ${plural(e.limite, 'e-mail comercial', 'e-mails comerciais')}`
      return `O plano ${plan.nome} ${allows} e a empresa tem ${plural(e.uso, 'e-mail comercial', 'e-mails comerciais')}: remova ${plural(e.remover, 'e-mail comercial', 'e-mails comerciais')} antes de mudar.`
    }
    return `No plano ${plan.nome}, os clientes não veem as condições, e a empresa tem ${plural(e.uso, 'condição ativa e visível', 'condições ativas e visíveis')}: oculte-as ou desative-as em Condições antes de mudar.`
  },
  // The plans modal
  current: 'Plano atual',
  /** The current Pro card writes it with a capital A. */
  currentPro: 'Plano Atual',
  upgrade: 'Fazer upgrade',
  startTrial: `Teste grátis ${TRIAL_DAYS} dias`,
  downgrade: 'Fazer downgrade',
  requestChange: 'Solicite alteração de plano',
  recommended: 'Recomendado',
  trialEndsIn: (days: number) => `(Teste grátis acaba em ${plural(days, 'dia', 'dias')})`,
} as const

const commercialEmails = (limit: number) =>
  limit === UNLIMITED ? 'E-mails comerciais ilimitados' : limit === 0 ? null : plural(limit, 'e-mail comercial', 'e-mails comerciais')

/** A plan card's list of what the plan gives, written from the table so that the card never says otherwise. */
export function planItems(code: PlanCode): string[] {
  const { limites, recursos } = PLANS[code]
  const items = [
    limites.usuarios === UNLIMITED ? 'Usuários ilimitados' : `Até ${plural(limites.usuarios, 'usuário', 'usuários')}`,
    recursos.chatExterno ? 'Chat interno e externo' : 'Chat interno',
    'Produtos e condições ilimitados',
    recursos.condicoesVisiveis ? 'Condições visíveis para os clientes' : null,
    recursos.dashboard ? 'Dashboard' : null,
    commercialEmails(limites.emailsComerciais),
    recursos.pedidosIlimitados ? 'Pedidos ilimitados' : null,
    recursos.simulador ? 'Simulador' : null,
    recursos.cacaPedidos ? 'Caça-pedidos' : null,
    recursos.lojaVirtual ? 'Loja virtual' : null,
    recursos.integracoes ? 'Integrações de estoque, pedidos e condições' : null,
  ]
  return items.filter((item): item is string => item !== null)
}
