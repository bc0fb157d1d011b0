import { formatBrl } from '../catalog/money.ts'

/** The plans modal's own words, beside the plan texts the API shares (messages.ts). */
export const planScreenMessages = {
  plansTab: 'Planos',
  yourPlan: 'Seu plano',
  plansList: 'Planos disponíveis',
  free: 'Grátis',
  perUser: (centavos: number) => `${formatBrl(centavos)} por usuário/mês`,
  minimumUsers: (users: number) => `mínimo de ${users} usuários`,
  negotiated: 'Sob consulta',
  confirmTitle: 'Por favor, confirme:',
  confirmDowngrade: (plan: string) => `Deseja mesmo mudar para o plano ${plan}? O que ele não inclui deixa de valer para toda a empresa; nada é apagado.`,
  yes: 'Sim',
  no: 'Não',
  choiceInvalid: 'Escolha um dos planos do modal.',
  unavailable: 'Não foi possível carregar os planos. Tente novamente em instantes.',
} as const
