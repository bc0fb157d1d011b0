/**
 * Portuguese texts of billing: the invoices (títulos) and their files, the company e-mails of the plans
 * modal (commercial C and finance F), and the invoice mail. A module of its own: the plans modal's cards do
 * not need them.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const billingMessages = {
  orgInvalid: 'Organização inválida.',
  /** Invoices, their files and the company e-mails' changes are for admins and the 'cobranca' permission. */
  billingOnly: 'Só um administrador, ou quem tem a permissão "Gerenciar plano e cobrança", cuida das cobranças e dos e-mails da empresa.',
  // Invoices
  invoiceInvalid: 'Título inválido.',
  invoiceNotFound: 'Título não encontrado.',
  fileNameInvalid: 'Arquivo inválido: use recibo.pdf, ou nf seguido da extensão da nota fiscal (nf.pdf, nf.png ou nf.jpg).',
  fileNotFound: 'Arquivo não encontrado.',
  nfRequired: 'Envie o arquivo da nota fiscal.',
  nfBadType: 'A nota fiscal deve ser um arquivo PDF, PNG ou JPG.',
  nfTooBig: 'A nota fiscal deve ter no máximo 10 MB.',
  nfSaved: 'Nota fiscal enviada: o título não está mais pendente.',
  // Company e-mails
  emailRequired: 'O Email é obrigatório.',
  /** The spec's toast for an invalid address, without the dot of Login's message. */
  emailInvalid: 'Email inválido',
  emailTooLong: 'O Email deve ter no máximo 255 caracteres.',
  typeInvalid: 'Tipo inválido: use C (comercial) ou F (financeiro).',
  emailAdded: 'Email adicionado com sucesso',
  emailRemoved: 'Email removido com sucesso',
  emailExists: 'Este email já está na lista.',
  emailNotFound: 'Este email não está na lista.',
  financeOnlyOne: 'A empresa já tem um e-mail de cobrança: remova-o antes de adicionar outro.',
  commercialNone: 'O plano Básico não inclui e-mails comerciais: faça upgrade para o Pro.',
  commercialLimit: (limit: number) =>
    `O seu plano permite ${plural(limit, 'e-mail comercial', 'e-mails comerciais')}: faça upgrade para o Pro + para ter mais.`,
  // The invoice mail
  mailSubject: (month: string, company: string) => `Cobrança de ${month} — ${company}`,
  mailTitle: (month: string) => `Cobrança de ${month}`,
  mailIntro: (company: string, plan: string) => `Segue o recibo da mensalidade do plano ${plan} de ${company}.`,
  mailAmount: (amount: string) => `Valor: ${amount}.`,
  mailNumber: (numero: string) => `Título nº ${numero}. O recibo vai em anexo (PDF); a nota fiscal fica disponível em Planos › Cobranças quando for emitida.`,
  // The receipt
  receiptTitle: 'Recibo',
  receiptNumber: 'Título nº',
  receiptIssued: 'Emitido em',
  receiptCompany: 'Empresa',
  receiptCnpj: 'CNPJ',
  receiptMonth: 'Mês de referência',
  receiptPlan: 'Plano',
  receiptUsers: 'Usuários cobrados',
  receiptUsersDetail: (active: number, minimum: number) =>
    `${plural(active, 'usuário ativo', 'usuários ativos')}; o plano cobra no mínimo ${minimum}`,
  receiptUnitPrice: 'Preço por usuário por mês',
  receiptNegotiated: 'Valor negociado',
  receiptTotal: 'Total',
  receiptFooter: 'Mensalidade da plataforma de pedidos B2B. A nota fiscal é emitida à parte.',
  // The job, run by the server or by hand (npm run billing)
  monthInvalid: 'Mês inválido: use aaaa-mm, como 2026-11.',
  monthAhead: (month: string, current: string) => `O mês ${month} ainda não começou (o mês corrente em São Paulo é ${current}).`,
  jobSummary: (r: { mes: string; criados: number; jaExistiam: number; semValorNegociado: number; entregues: number; emails: number; falhas: number; ms: number }) =>
    `Faturamento de ${r.mes}: ${plural(r.criados, 'título criado', 'títulos criados')}, ${plural(r.jaExistiam, 'já existia', 'já existiam')}` +
    `, ${plural(r.semValorNegociado, 'Pro ∞ sem valor negociado', 'Pro ∞ sem valor negociado')}; ` +
    `${plural(r.entregues, 'recibo entregue', 'recibos entregues')}, ${plural(r.emails, 'e-mail de cobrança', 'e-mails de cobrança')}, ` +
    `${plural(r.falhas, 'falha', 'falhas')} (${Math.round(r.ms)} ms).`,
  jobFailed: 'O faturamento mensal falhou:',
  deliveryFailed: (id: number) => `A entrega do título ${id} falhou (outra execução tenta de novo quando a reserva expirar):`,
} as const
