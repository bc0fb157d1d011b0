import { formatBrl } from '../catalog/money.ts'

/** The sections of a condition's page (`/conditionDetails/...?aba=`), in the order they show. */
export const CONDITION_TABS = [
  { id: 'produtos', label: 'Produtos' },
  { id: 'parceiros', label: 'OLs' },
  { id: 'compradores', label: 'Compradores' },
  { id: 'vendedores', label: 'Vendedores' },
  { id: 'pagamentos', label: 'Pagamentos' },
  { id: 'regras', label: 'Regras' },
] as const

export type ConditionTabId = (typeof CONDITION_TABS)[number]['id']

export const conditionDetailsMessages = {
  title: (nome: string) => `Condição ${nome}`,
  /** The heading of a condition's page that its reader may not see (decision 042). */
  forbiddenTitle: 'Condição',
  sections: 'Seções da condição',
  back: 'Voltar para Condições',
  noMinimum: 'Sem mínimo',
  tableType: { D: 'Desconto sobre a tabela', L: 'Preço líquido' },
  active: 'Ativa',
  inactive: 'Inativa',
  seller: (nome: string) => `Vendedor: ${nome}`,
  asOl: (desconto: string) => `Você atende esta condição como OL, com desconto extra de ${desconto}%.`,
  olPending: 'Convite pendente: aceite ou recuse em Condições.',
  validity: 'Vigência',
  minimums: 'Mínimos do pedido',
}

/** The address of a condition's page; the name is only there to be read, the id decides. */
export function conditionDetailsPath(condition: { id: number; nome: string }, owner: string, aba?: ConditionTabId) {
  const slug = encodeURIComponent(condition.nome.slice(0, 80) || 'condicao')
  return `/conditionDetails/${condition.id}/${slug}/${encodeURIComponent(owner)}${aba ? `?aba=${aba}` : ''}`
}

/** Only the minimums a condition has: 'R$ 500,00', '12 un.', both, or 'Sem mínimo' (never 'R$ 0,00' or '0 un.'). */
export function minimumsText(valorCentavos: number, quantidade: number) {
  const parts = [valorCentavos ? formatBrl(valorCentavos) : null, quantidade ? `${quantidade} un.` : null].filter(Boolean)
  return parts.length ? parts.join(' · ') : conditionDetailsMessages.noMinimum
}
