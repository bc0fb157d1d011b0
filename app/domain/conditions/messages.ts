/**
 * 'Condição X', unless X already begins with the word (a condition named 'Condição Teste'): a message never says
 * 'Condição Condição Teste'.
 */
export const conditionNamed = (nome: string) => (/^condi[cç][aã]o\b/i.test(nome.trim()) ? nome.trim() : `Condição ${nome}`)

/** Texts of the conditions list, its calls and its screen (/conditions), in Portuguese. */
export const conditionMessages = {
  nomeRequired: 'Informe o nome da condição.',
  nomeTooLong: 'O nome da condição pode ter até 120 caracteres.',
  tipoTabelaInvalid: "O tipo de tabela deve ser 'D' (desconto sobre a tabela) ou 'L' (preço líquido).",
  dateInvalid: 'Informe uma data válida (dd/mm/aaaa).',
  fimBeforeInicio: 'O fim da vigência não pode ser antes do início.',
  visivelInvalid: 'Visível deve ser verdadeiro ou falso.',
  ativoInvalid: 'Ativo deve ser verdadeiro ou falso.',
  conditionRequired: 'Informe a condição.',
  conditionInvalid: 'Condição inválida.',
  idsRequired: 'Selecione ao menos uma condição.',
  idsTooMany: 'Selecione no máximo 500 condições de uma vez.',
  minimoValorInvalid: 'Informe o valor mínimo em reais, como 1.234,56.',
  minimoValorTooHigh: 'O valor mínimo pode ser até R$ 9.999.999,99.',
  minimoQuantidadeInvalid: 'Informe a quantidade mínima como um número inteiro de 0 a 1.000.000.',
  perPageInvalid: 'A quantidade por página deve ser de 1 a 100.',
  searchTooLong: 'A busca pode ter até 255 caracteres.',
  orderInvalid: "A ordem deve ser 'asc' ou 'desc'.",
  orderingFieldInvalid: 'Ordenação inválida: use nome, created_at, inicio, fim ou tipo_tabela.',
  filterInvalid: 'Filtro inválido: use todos, ativas, inativas ou vigentes.',
  typeInvalid: "O tipo deve ser 'C' (minhas condições) ou 'O' (condições em que sou OL).",
  activeInvalid: 'Ativo deve ser 1 ou 0.',
  viewsInvalid: (id: string) => `Coluna desconhecida: ${id}.`,
  viewsRequired: 'Escolha ao menos uma coluna, ou null para as colunas padrão.',
  notASeller: 'Só empresas que vendem (fornecedor, bandeira ou revenda) têm condições.',
  created: (nome: string) => `${conditionNamed(nome)} criada.`,
  updated: 'Condição atualizada.',
  minimumsUpdated: 'Mínimos do pedido atualizados.',
  toggled: (n: number) => (n === 1 ? 'Situação da condição alterada.' : `Situação de ${n} condições alterada.`),
  activated: (n: number) => (n === 1 ? 'Condição ativada.' : `${n} condições ativadas.`),
  deactivated: (n: number) => (n === 1 ? 'Condição desativada.' : `${n} condições desativadas.`),
  deleted: (nome: string) => `${conditionNamed(nome)} excluída.`,
  inUse: (nome: string) => `A condição ${nome} não pode ser excluída porque há pedidos feitos nela. Desative-a em vez de excluir.`,
  tableTypeSame: 'A condição já usa este tipo de tabela.',
  tableTypeChanged: (tipo: 'D' | 'L', linhas: number) =>
    `Tabela alterada para ${tipo === 'D' ? 'desconto sobre a tabela' : 'preço líquido'}; ${linhas === 1 ? '1 produto recalculado' : `${linhas} produtos recalculados`}.`,
  viewsUpdated: 'Colunas da tabela atualizadas.',
}

/** The screen's own texts. */
export const conditionScreenMessages = {
  title: 'Condições',
  tabs: 'Tipo de condição',
  mine: 'Minhas condições',
  asOl: 'Como OL',
  newCondition: 'Nova condição',
  editCondition: (nome: string) => `Editar ${nome}`,
  minimums: (nome: string) => `Mínimos de ${nome}`,
  deleteTitle: 'Excluir condição',
  deleteConfirm: (nome: string) => `Deseja mesmo excluir a condição ${nome}? Produtos, OLs, compradores, vendedores, pagamentos e regras dela também serão excluídos.`,
  readOnly: 'Você pode consultar as condições, mas alterá-las depende da permissão "Gerenciar condições".',
  empty: 'Nenhuma condição cadastrada ainda.',
  noneFound: 'Nenhuma condição encontrada com esses filtros.',
  emptyOl: 'Nenhum fornecedor convidou esta empresa como OL.',
  conditionGone: 'Esta condição não está nesta página: ela pode ter sido excluída.',
  noneSelected: 'Selecione ao menos uma condição.',
  olPending: 'Convite pendente',
  olAccepted: 'Aceito',
}
