/** Texts of the pricing rules (tokenbase formulas, line prices). */
export const pricingMessages = {
  formulaRequired: 'Informe a fórmula.',
  formulaTooLong: 'A fórmula deve ter no máximo 200 caracteres.',
  formulaNumberTooLong: (n: string) => `O número ${n} da fórmula tem dígitos demais.`,
  formulaUnknownName: (name: string) => `A fórmula só aceita a variável desconto, não "${name}".`,
  formulaUnknownCharacter: (ch: string, at: number) => `Caractere "${ch}" não aceito na fórmula (posição ${at}). Use números, desconto, + − × ÷ e parênteses.`,
  formulaTooDeep: 'A fórmula tem parênteses demais.',
  formulaEndsEarly: 'A fórmula termina antes da hora: falta um número ou desconto.',
  formulaUnclosed: 'Falta fechar um parêntese na fórmula.',
  formulaUnopened: 'A fórmula fecha um parêntese que não foi aberto.',
  formulaUnexpected: (what: string, at: number) => `"${what}" fora de lugar na fórmula (posição ${at}).`,
  formulaDivisionByZero: 'A fórmula divide por zero com este desconto.',
  quantityNotPositive: 'A quantidade deve ser um número inteiro maior que zero.',
  discountOutOfRange: 'O desconto deve estar entre 0 e 100%.',
  formulaOutOfRange: (percent: string) => `O resultado da fórmula (${percent}%) deve ficar entre -100% e 100%.`,
} as const
