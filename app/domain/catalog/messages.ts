import { formatBrl, MAX_CENTAVOS } from './money.ts'

/**
 * Texts of the products screen and of the product calls under api/condicoes (the spec shows none, so
 * they are ours). One source: the API, the import's per-row report and the web app import them.
 */
export const MAX_NAME = 200
export const MAX_SHORT = 80
export const MAX_CODE = 60
export const MAX_EMBALAGEM = 100_000
/** Most ids one bulk call takes: a page of the table at most, with room. */
export const MAX_BULK_IDS = 500
/** The product image: PNG, JPG or WebP, checked by content. */
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024

export const catalogMessages = {
  orgInvalid: 'Organização inválida.',
  productRequired: 'O produto é obrigatório.',
  productInvalid: 'Produto inválido.',
  productNotFound: 'Produto não encontrado.',
  eanInvalid: 'O EAN deve ter 13 dígitos (EAN-13), ou 8 ou 12 (EAN-8, UPC-A).',
  eanCheckDigit: 'O EAN tem o dígito verificador errado: confira o número.',
  eanTaken: 'Já existe um produto com este EAN.',
  codigoTooLong: `O código interno deve ter no máximo ${MAX_CODE} caracteres.`,
  codigoTaken: 'Já existe um produto com este código interno.',
  identifierRequired: 'Informe o EAN ou o código interno.',
  nomeRequired: 'O nome do produto é obrigatório.',
  nomeTooLong: `O nome deve ter no máximo ${MAX_NAME} caracteres.`,
  marcaTooLong: `A marca deve ter no máximo ${MAX_SHORT} caracteres.`,
  categoriaTooLong: `A categoria deve ter no máximo ${MAX_SHORT} caracteres.`,
  ncmInvalid: 'O NCM deve ter 8 dígitos, no formato 0000.00.00.',
  precoRequired: 'O preço é obrigatório.',
  precoInvalid: 'Preço inválido: use o formato 1.234,56.',
  precoTooHigh: `O preço deve ser no máximo ${formatBrl(MAX_CENTAVOS)}.`,
  unidadeTooLong: 'A unidade deve ter no máximo 10 caracteres.',
  embalagemInvalid: `A embalagem deve ser um número inteiro de 1 a ${MAX_EMBALAGEM.toLocaleString('pt-BR')}.`,
  ativoInvalid: 'O campo ativo deve ser verdadeiro ou falso.',
  impostoInvalid: 'O campo imposto deve ser verdadeiro ou falso.',
  /** A sheet's cell, as the template writes it. */
  ativoSheetInvalid: 'Ativo deve ser Sim ou Não.',
  impostoSheetInvalid: 'Imposto deve ser Sim ou Não.',
  valorInvalid: 'O valor deve ser 0 ou 1.',
  idsRequired: 'Selecione ao menos um produto.',
  idsTooMany: `Selecione no máximo ${MAX_BULK_IDS} produtos de uma vez.`,
  bulkNothing: 'Escolha o que mudar nos produtos selecionados.',
  searchTooLong: 'A busca deve ter no máximo 255 caracteres.',
  filterTooLong: 'O filtro deve ter no máximo 80 caracteres.',
  pageInvalid: 'A página deve ser um número de 1 em diante.',
  perPageInvalid: 'Itens por página: de 1 a 100.',
  ordemInvalid: 'Ordenação inválida.',
  direcaoInvalid: 'A direção deve ser asc ou desc.',
  ativoFilterInvalid: 'O filtro de ativos deve ser 0 ou 1.',
  imageRequired: 'Escolha uma imagem.',
  imageType: 'A imagem deve ser PNG, JPG ou WebP.',
  imageTooBig: `A imagem deve ter no máximo ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  created: 'Produto cadastrado com sucesso!',
  updated: 'Produto atualizado com sucesso!',
  imageSaved: 'Imagem do produto salva.',
  bulkUpdated: (n: number) => (n === 1 ? '1 produto atualizado.' : `${n} produtos atualizados.`),
  deleted: (n: number) => (n === 1 ? 'Produto excluído.' : `${n} produtos excluídos.`),
  inUse: (nome: string) => `O produto ${nome} está em pedidos/condições: desative-o em vez de excluir.`,
  activated: 'Produto ativado.',
  deactivated: 'Produto desativado.',
  taxOn: 'Produto marcado com imposto.',
  taxOff: 'Imposto retirado do produto.',
  repeatedInFile: (coluna: string, linha: number) => `${coluna} repetido: também está na linha ${linha}.`,
  belongsToOther: (coluna: string, nome: string) => `Este ${coluna} já é do produto "${nome}", que a linha encontra por outro identificador.`,
  sameProductTwice: (linha: number) => `A linha ${linha} também altera este mesmo produto.`,
} as const

/** The screen's own texts. */
export const productScreenMessages = {
  title: 'Produtos',
  exportSheet: 'Exportar produtos (.xlsx)',
  importTitle: 'Importar produtos de uma planilha',
  readOnly: 'Você pode consultar os produtos. Para cadastrar e alterar, peça a um administrador a permissão "Gerenciar produtos".',
  empty: 'Nenhum produto cadastrado ainda.',
  noneFound: 'Nenhum produto encontrado com esta busca e estes filtros.',
  newProduct: 'Novo produto',
  editProduct: (nome: string) => `Editar ${nome}`,
  productGone: 'Este produto não existe mais (ou não é desta empresa).',
  deleteTitle: 'Excluir produtos',
  deleteConfirm: (n: number) => (n === 1 ? 'Deseja mesmo excluir este produto?' : `Deseja mesmo excluir estes ${n} produtos?`),
  deleteNote: 'Um produto que já está em pedidos ou condições não pode ser excluído: desative-o.',
  noneSelected: 'Selecione ao menos um produto na tabela.',
  precoCaption: 'Em reais, como 1.234,56.',
  eanCaption: 'EAN-13 com o dígito verificador; ou deixe em branco e informe o código interno.',
  imagemCaption: `PNG, JPG ou WebP, até ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  imageRefused: (reason: string) => `Produto salvo, mas a imagem não: ${reason}`,
} as const
