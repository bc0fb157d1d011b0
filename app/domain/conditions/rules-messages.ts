import { formatBrl } from '../catalog/money.ts'
import type { RuleType } from '../pricing/rules.ts'

/** Texts of a condition's discount rules (api/condicoes, /conditionDetails?aba=regras). */
export const rulesMessages = {
  nomeRequired: 'Informe o nome da regra.',
  nomeTooLong: 'O nome deve ter no máximo 60 caracteres.',
  tipoInvalid: 'Escolha o tipo da regra: Q (quantidade), V (valor) ou M (mix de produtos).',
  minimoRequired: 'Informe o mínimo da regra: unidades, valor em reais ou produtos diferentes, conforme o tipo.',
  minimoQuantidade: 'Informe a quantidade mínima: um número inteiro de 1 a 1.000.000.',
  minimoMix: 'Informe quantos produtos diferentes: um número inteiro de 1 a 10.000.',
  minimoValor: 'Informe o valor mínimo em reais, como 1.234,56, de R$ 0,01 a R$ 9.999.999,99.',
  descontoInvalid: 'Informe o desconto em porcentagem, maior que 0 e até 100, com até 4 casas (como 2,5).',
  oneScope: 'Escolha só um alcance: uma marca, uma categoria ou um produto (ou nenhum, para a condição toda).',
  marcaTooLong: 'A marca deve ter no máximo 120 caracteres.',
  categoriaTooLong: 'A categoria deve ter no máximo 120 caracteres.',
  marcaNotInCondition: 'Nenhum produto desta condição é desta marca.',
  categoriaNotInCondition: 'Nenhum produto desta condição é desta categoria.',
  produtoNotInCondition: 'Este produto não está nesta condição.',
  produtoInvalid: 'Produto inválido.',
  regraRequired: 'Informe a regra.',
  regraInvalid: 'Regra inválida.',
  regraNotFound: 'Regra não encontrada.',
  parceiroRequired: 'Informe o OL.',
  parceiroInvalid: 'OL inválido.',
  parceiroNotFound: 'Este OL não está nesta condição.',
  parceiroRefused: 'Este OL recusou a condição: não recebe regras.',
  listTooLong: 'Envie no máximo 100 regras.',
  searchTooLong: 'A busca deve ter no máximo 100 caracteres.',
  added: (nome: string) => `Regra ${nome} adicionada.`,
  updated: (nome: string) => `Regra ${nome} atualizada.`,
  deleted: (nome: string) => `Regra ${nome} excluída.`,
  defined: (n: number) => (n === 0 ? 'Regras removidas.' : n === 1 ? '1 regra definida.' : `${n} regras definidas.`),
  tipoLabel: { Q: 'Quantidade de unidades', V: 'Valor do pedido', M: 'Produtos diferentes' } satisfies Record<RuleType, string>,
}

/** A percent as stored ('2.5000') in pt-BR, without trailing zeros: '2,5'. */
export const percentText = (desconto: string) => desconto.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '').replace('.', ',')

const units = (n: number) => n.toLocaleString('pt-BR')

/**
 * A rule in plain language: 'A partir de 50 unidades da marca Sol: 2% de desconto'.
 * `produto` is the product's name when the rule names one.
 */
export function describeRule(rule: { tipo: RuleType; minimo: number; desconto: string; marca: string | null; categoria: string | null; produto: string | null }) {
  const threshold =
    rule.tipo === 'Q'
      ? `${units(rule.minimo)} ${rule.minimo === 1 ? 'unidade' : 'unidades'}`
      : rule.tipo === 'V'
        ? formatBrl(rule.minimo).replace(/\u00a0/g, ' ')
        : `${units(rule.minimo)} ${rule.minimo === 1 ? 'produto diferente' : 'produtos diferentes'}`
  const of = rule.tipo === 'V' ? ' em produtos' : ''
  const scope = [
    rule.produto !== null ? `do produto ${rule.produto}` : null,
    rule.marca !== null ? `da marca ${rule.marca}` : null,
    rule.categoria !== null ? `da categoria ${rule.categoria}` : null,
  ].filter(Boolean)
  const where = scope.length ? ` ${scope.join(', ')}` : ' da condição'
  return `A partir de ${threshold}${of}${where}: ${percentText(rule.desconto)}% de desconto`
}
