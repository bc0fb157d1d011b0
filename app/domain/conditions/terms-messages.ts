import { termDaysCell } from '../shared/payment-term.ts'

/** Texts of a condition's payment terms and of the tokenbase list (api/condicoes, /conditionDetails?aba=pagamentos). */
export const termsMessages = {
  nomeRequired: 'Informe o nome do prazo de pagamento.',
  nomeTooLong: 'O nome deve ter no máximo 60 caracteres.',
  prazoInvalid: 'O prazo deve ser um número inteiro de dias entre 0 e 365.',
  minimoInvalid: 'Valor mínimo inválido. Use o formato 1.234,56.',
  minimoTooHigh: 'O valor mínimo deve ser no máximo R$ 9.999.999,99.',
  formulaNeedsTokenbase: 'Cadastre o código Tokenbase da empresa (no perfil da empresa) antes de usar fórmulas de pagamento.',
  pagamentoRequired: 'Informe o prazo de pagamento.',
  pagamentoInvalid: 'Prazo de pagamento inválido.',
  pagamentoNotFound: 'Prazo de pagamento não encontrado.',
  listRequired: 'Envie ao menos um prazo de pagamento.',
  listTooLong: 'Envie no máximo 50 prazos de pagamento de uma vez.',
  orderInvalid: 'A ordem deve ser asc ou desc.',
  orderingFieldInvalid: 'Ordene por nome, prazo_dias, minimo_centavos ou created_at.',
  descontoInvalid: 'Informe o desconto em porcentagem, entre 0 e 100, como 12,5.',
  totalInvalid: 'Informe o total em reais, como 1.234,56, até R$ 9.999.999,99.',
  totalCentavosInvalid: 'Informe o total em centavos, um número inteiro de 0 a 999999999.',
  added: (nome: string) => `Prazo de pagamento ${nome} adicionado.`,
  addedList: (n: number) => (n === 1 ? '1 prazo de pagamento adicionado.' : `${n} prazos de pagamento adicionados.`),
  updated: (nome: string) => `Prazo de pagamento ${nome} atualizado.`,
  deleted: (nome: string) => `Prazo de pagamento ${nome} excluído.`,
  noFormula: 'Sem fórmula',
  term: termDaysCell,
}
