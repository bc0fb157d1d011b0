/**
 * Limits and texts of the spreadsheet engine: the import's refusals, the per-row reasons the
 * shared cell helpers give, and the import screen's words. Kinds keep their own column reasons.
 */

/** An upload larger than this is refused before it is stored (and the screen says so). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024
/** Data rows (the header not counted) one file may hold. */
export const IMPORT_MAX_ROWS = 100_000
/** Cells a row may hold: a real sheet of ours has a few dozen; a file with thousands is refused before its rows are read. */
export const IMPORT_MAX_COLUMNS = 200
/** Problems kept in the job's report; the total is counted past it. */
export const REPORT_MAX_ENTRIES = 1_000
/** Report lines per page of GET api/importacoes/{orgId}/{importId}. */
export const REPORT_PAGE_SIZE = 50

const thousands = (n: number) => n.toLocaleString('pt-BR')

export const spreadsheetMessages = {
  // The whole file refused.
  fileRequired: 'Escolha o arquivo da planilha.',
  fileTooBig: `O arquivo passa do limite de ${IMPORT_MAX_MB} MB.`,
  notASpreadsheet: 'O arquivo não é uma planilha: envie um arquivo .xlsx ou .csv.',
  passwordProtected: 'A planilha está protegida por senha: abra-a no Excel, retire a senha e salve de novo como .xlsx.',
  oldXls: 'Planilhas do formato antigo .xls não são aceitas: abra-a no Excel e salve como .xlsx (Pasta de Trabalho do Excel).',
  unreadable: 'Não foi possível ler a planilha: o arquivo está corrompido ou incompleto. Salve-a de novo como .xlsx e envie outra vez.',
  noSheet: 'O arquivo não tem nenhuma aba com dados.',
  noHeader: 'A planilha está vazia: a primeira linha deve ter os nomes das colunas, como no modelo.',
  onlyFirstSheet: 'Só a primeira aba da planilha é lida: ponha os dados nela.',
  firstSheetEmpty: 'A primeira aba da planilha está vazia: só ela é lida. Ponha os dados na primeira aba, com os nomes das colunas na primeira linha.',
  noRows: 'A planilha não tem linhas de dados abaixo da linha de títulos.',
  tooManyRows: `A planilha passa do limite de ${thousands(IMPORT_MAX_ROWS)} linhas: divida-a em arquivos menores.`,
  tooManyColumns: (found: number) =>
    `A planilha tem ${thousands(found)} colunas, mais que o limite de ${IMPORT_MAX_COLUMNS}: use o modelo, com só as colunas dele.`,
  formulas: (cell: string) =>
    `A planilha tem fórmulas (a primeira na célula ${cell}): copie as células e cole só os valores (Colar especial > Valores), depois envie de novo.`,
  mergedCells: (range: string) =>
    `A planilha tem células mescladas (${range}): desfaça a mesclagem (Página Inicial > Mesclar e Centralizar) e preencha cada célula.`,
  missingColumns: (names: string[]) => `Faltam colunas obrigatórias: ${names.join(', ')}. Use os títulos do modelo.`,
  unknownColumns: (names: string[]) => `Colunas desconhecidas: ${names.map((n) => `"${n}"`).join(', ')}. Use só os títulos do modelo.`,
  duplicatedColumns: (names: string[]) => `Colunas repetidas: ${names.map((n) => `"${n}"`).join(', ')}. Cada coluna deve aparecer uma vez.`,
  interrupted: 'A importação foi interrompida porque o servidor reiniciou. Nada foi gravado: envie o arquivo de novo.',
  failed: 'A importação falhou por um erro inesperado. Nada foi gravado: tente de novo.',
  refusedRows: (total: number) =>
    `${thousands(total)} ${total === 1 ? 'problema encontrado' : 'problemas encontrados'}. Corrija as linhas do relatório e envie de novo.`,
  unknownKind: 'Tipo de planilha desconhecido.',
  jobNotFound: 'Importação não encontrada.',

  // One cell (the report's reason).
  required: 'Preenchimento obrigatório.',
  tooLong: (max: number) => `Texto longo demais (máximo ${max} caracteres).`,
  notInteger: 'Deve ser um número inteiro.',
  notNumber: 'Deve ser um número.',
  notMoney: 'Deve ser um valor em reais, como 1.234,56.',
  negative: 'Não pode ser negativo.',
  outOfRange: (min: number, max: number) => `Deve estar entre ${thousands(min)} e ${thousands(max)}.`,
  dateAsText: 'Data digitada como texto: formate a célula como Data (dd/mm/aaaa) no Excel.',
  notDate: 'Deve ser uma data dd/mm/aaaa.',
  notBoolean: 'Deve ser Sim ou Não.',
  excelError: (code: string) => `A célula tem um erro do Excel (${code}).`,

  // The import screen.
  screen: {
    legend: 'Importar planilha',
    fileLabel: 'Arquivo da planilha (.xlsx ou .csv)',
    limit: `Até ${IMPORT_MAX_MB} MB e ${thousands(IMPORT_MAX_ROWS)} linhas. A primeira linha deve ter os títulos das colunas.`,
    submit: 'Importar',
    template: 'Baixar modelo (.xlsx)',
    queued: 'Na fila para começar…',
    reading: (read: number, total: number | null) =>
      total ? `Lendo: ${thousands(read)} de ${thousands(total)} linhas` : `Lendo: ${thousands(read)} linhas`,
    writing: (total: number) => `Gravando ${thousands(total)} linhas…`,
    refresh: 'Atualizar',
    /** `iguais`: the file's rows that changed nothing (a re-imported export is all of them). */
    done: (criadas: number, atualizadas: number, iguais: number) =>
      criadas + atualizadas === 0 && iguais > 0
        ? `Importação concluída: nada mudou, ${iguais === 1 ? 'a linha já estava' : `as ${thousands(iguais)} linhas já estavam`} assim no cadastro.`
        : `Importação concluída: ${thousands(criadas)} ${criadas === 1 ? 'criado' : 'criados'}, ${thousands(atualizadas)} ${atualizadas === 1 ? 'atualizado' : 'atualizados'}${iguais > 0 ? `, ${thousands(iguais)} sem alteração` : ''}.`,
    refused: 'Planilha recusada: nada foi gravado.',
    failed: 'A importação falhou: nada foi gravado.',
    reportCaption: 'Problemas da planilha',
    reportDownload: 'Baixar relatório (.xlsx)',
    reportMore: (total: number, kept: number) =>
      `O relatório guarda os primeiros ${thousands(kept)} de ${thousands(total)} problemas: corrija-os e envie de novo para ver os demais.`,
    line: 'Linha',
    column: 'Coluna',
    value: 'Valor',
    reason: 'Motivo',
    previous: 'Anteriores',
    next: 'Próximos',
    page: (page: number, last: number) => `Página ${page} de ${last}`,
  },

  // The report file.
  report: { sheetName: 'Relatório', fileName: 'relatorio-importacao', line: 'Linha', column: 'Coluna', value: 'Valor', reason: 'Motivo' },
} as const
