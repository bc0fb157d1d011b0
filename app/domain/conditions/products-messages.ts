/** Texts of a condition's products (its lines): calls, forms, spreadsheet and screen. */

/** Lines a bulk call (add, edit, remove) takes at once. */
export const MAX_LINE_IDS = 1000
/** The largest quantity a line's limits may name. */
export const MAX_QTD = 1_000_000

export const conditionProductsMessages = {
  // calls
  perPageInvalid: 'Itens por página deve ser um número de 1 a 100.',
  filterTypeInvalid: 'Tipo de filtro inválido: use todos, marca, categoria, ativo ou imposto.',
  filterInvalid: 'Valor do filtro inválido.',
  filterFlagInvalid: 'Para ativo ou imposto, o filtro deve ser 1 ou 0.',
  searchTooLong: 'A busca deve ter no máximo 255 caracteres.',
  pickFilterInvalid: 'Filtro inválido: use fora, dentro ou todos.',
  pickFilterTypeInvalid: 'Tipo de filtro inválido: use todos, marca ou categoria.',
  orderingFieldInvalid: 'Ordenação inválida: use nome, marca, categoria, preco ou ean.',
  orderInvalid: 'Ordem inválida: use asc ou desc.',
  partnerTypeInvalid: "Tipo de parceiro inválido: use C (o catálogo do vendedor).",
  orgInvalid: 'Organização inválida.',
  conditionRequired: 'A condição é obrigatória.',
  conditionInvalid: 'Condição inválida.',
  idsRequired: 'Selecione ao menos um produto.',
  idsTooMany: `Selecione no máximo ${MAX_LINE_IDS} produtos de uma vez.`,
  productInvalid: 'Produto inválido.',
  productsNotInCatalog: 'Algum dos produtos não está no catálogo do vendedor.',
  linesNotInCondition: 'Algum dos produtos não está nesta condição.',
  descontoInvalid: 'O desconto deve ser um percentual de 0 a 100, com até 4 casas decimais (ex.: 12,5).',
  precoInvalid: 'O preço líquido deve ser um valor em reais, como 1.234,56.',
  precoOnlyL: 'Esta condição é de desconto sobre a tabela: informe o desconto, não o preço líquido.',
  descontoOnlyD: 'Esta condição é de preço líquido: informe o preço líquido, não o desconto.',
  qtdInvalid: `Informe um número inteiro de 1 a ${MAX_QTD.toLocaleString('pt-BR')}.`,
  qtdMaxBelowMin: 'A quantidade máxima deve ser maior ou igual à mínima.',
  qtdNotMultiple: (campo: string) => `${campo} deve ser múltiplo da embalagem de venda (múltiplo).`,
  flagInvalid: 'Use verdadeiro ou falso.',
  bulkNothing: 'Escolha o que mudar: desconto, preço líquido, quantidades, múltiplo, imposto ou ativo.',
  added: (criadas: number, existentes: number) =>
    `${criadas === 1 ? '1 produto adicionado' : `${criadas} produtos adicionados`} à condição${existentes ? `; ${existentes} já estava${existentes === 1 ? '' : 'm'} nela` : ''}.`,
  updated: (n: number) => (n === 1 ? '1 produto da condição atualizado.' : `${n} produtos da condição atualizados.`),
  removed: (n: number) => (n === 1 ? '1 produto removido da condição.' : `${n} produtos removidos da condição.`),
  // spreadsheet
  identifierRequired: 'Informe o EAN ou o código do produto.',
  notInCatalog:
    'Produto não cadastrado no catálogo. Corrija o EAN/código ou, quando só faltarem produtos no catálogo, use "Importar e cadastrar os produtos novos" para criá-lo com as colunas da planilha.',
  newProductNeeds: (coluna: string) => `Para cadastrar o produto, informe a coluna ${coluna}.`,
  repeatedProduct: (linha: number) => `O mesmo produto já está na linha ${linha} desta planilha.`,
  codeOfOther: (nome: string) => `Este código é de outro produto (${nome}) que o do EAN.`,
  semCadastroNotAvailable: 'Esta importação não pode ser refeita com cadastro: só uma importação de condição recusada apenas por produtos fora do catálogo, ainda guardada, pode.',
  semCadastroStarted: 'Importação retomada: os produtos novos serão cadastrados e as linhas gravadas.',
  importNotFound: 'Importação não encontrada.',
  // screen
  sectionTitle: 'Produtos da condição',
  empty: 'Nenhum produto nesta condição.',
  noMatch: 'Nenhum produto encontrado com estes filtros.',
  add: 'Adicionar produtos',
  addTitle: 'Adicionar produtos à condição',
  addSubmit: 'Adicionar selecionados',
  editTitle: (nome: string) => `Editar ${nome}`,
  bulkTitle: 'Editar produtos selecionados',
  removeTitle: 'Remover produtos da condição',
  removeConfirm: (n: number) => (n === 1 ? 'Remover 1 produto desta condição? O produto continua no catálogo.' : `Remover ${n} produtos desta condição? Os produtos continuam no catálogo.`),
  importTitle: 'Importar produtos da condição',
  export: 'Exportar planilha',
  readOnly: 'Somente leitura: você não pode alterar os produtos desta condição.',
}
