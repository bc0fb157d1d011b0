import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema, multipartBody } from '../shared/contract.ts'
import { idParam, organizacaoIdField, OrgParams, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { IMPORT_MAX_MB, spreadsheetMessages as m } from './messages.ts'
import { IMPORT_STATUSES } from './status.ts'

/**
 * The spreadsheet engine's calls: a job's progress and report, the report as xlsx, a kind's
 * template. Each kind's upload call (importClientes, products...) lives in its own area's
 * contract, built from `ImportUploadBody` and `importAccepted` below.
 */

export { FINISHED_STATUSES, IMPORT_STATUSES, type ImportStatus } from './status.ts'

export const RowProblemSchema = z
  .object({
    linha: z.number().int().meta({ description: 'Linha da planilha (como o Excel a numera)' }),
    coluna: z.string().meta({ description: 'Título da coluna' }),
    valor: z.string().meta({ description: 'O valor como estava na célula' }),
    motivo: z.string(),
  })
  .meta({ id: 'ProblemaImportacao', example: { linha: 7, coluna: 'Preço', valor: '12,3,4', motivo: 'Deve ser um valor em reais, como 1.234,56.' } })

export const ImportJobSchema = z
  .object({
    id: z.number().int(),
    tipo: z.string().meta({ example: 'produtos' }),
    status: z.enum(IMPORT_STATUSES).meta({
      description: 'na_fila → lendo → gravando → concluida; ou recusada (nada gravado: `mensagem` e os `erros`); ou falhou',
    }),
    arquivo_nome: z.string(),
    linhas_lidas: z.number().int(),
    linhas_total: z.number().int().nullable().meta({ description: 'Linhas de dados do arquivo; estimativa num CSV até o fim da leitura' }),
    criadas: z.number().int(),
    atualizadas: z.number().int(),
    total_erros: z.number().int().meta({ description: 'Problemas encontrados; o relatório guarda os primeiros 1.000' }),
    mensagem: z.string().nullable(),
    created_at: z.string().meta({ format: 'date-time' }),
    finished_at: z.string().nullable().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Importacao' })

export const ImportJobDetailSchema = ImportJobSchema.extend({
  erros: paginatorSchema(RowProblemSchema).meta({ description: 'O relatório, por página' }),
}).meta({ id: 'ImportacaoComRelatorio' })

/** The body of every kind's upload call: the organization and the file. */
export const ImportUploadBody = z
  .object({
    organizacao_id: organizacaoIdField,
    arquivo: z.instanceof(File, { error: m.fileRequired }).meta({ type: 'string', format: 'binary', description: `.xlsx ou .csv (; ou ,), até ${IMPORT_MAX_MB} MB` }),
  })
  .meta({ id: 'ImportarPlanilhaRequest', example: { organizacao_id: 1, arquivo: `(planilha .xlsx ou .csv de até ${IMPORT_MAX_MB} MB)` } })

export const ImportAcceptedSchema = z.object({ message: z.string(), importacao: ImportJobSchema }).meta({ id: 'ImportacaoAceita' })

/** The answers of every kind's upload call: 202 with the job to poll. */
export const importAccepted = {
  202: jsonContent(ImportAcceptedSchema, 'Arquivo aceito: a importação corre em segundo plano; acompanhe em GET api/importacoes/{orgId}/{importId}'),
  403: jsonContent(MessageSchema, 'Não é membro, ou não tem a permissão do tipo de planilha'),
  ...errorResponses,
} as const

/** The upload call of a kind, ready to attach: `defineEndpoint(importEndpoint({ path, tags, summary }))`. */
export const importEndpoint = <const P extends `/${string}`>(options: { path: P; tags: string[]; summary: string }) =>
  defineEndpoint({
    method: 'post',
    path: options.path,
    tags: options.tags,
    summary: options.summary,
    security: bearer,
    request: { body: multipartBody(ImportUploadBody) },
    responses: importAccepted,
  })

export const ImportParams = z.object({
  orgId: idParam('orgId', 'Organização inválida.', 1),
  importId: idParam('importId', 'Importação inválida.', 1),
})

export const KindParams = z.object({
  orgId: idParam('orgId', 'Organização inválida.', 1),
  tipo: z
    .string()
    .regex(/^[a-z_]{1,40}$/, m.unknownKind)
    .meta({ param: { name: 'tipo', in: 'path' }, example: 'produtos', description: 'produtos, clientes…' }),
})

export const xlsxContent = (description: string) => ({
  description,
  content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string().meta({ format: 'binary' }) } },
})

const jobForbidden = { 403: jsonContent(MessageSchema, 'Não é membro, ou não tem a permissão do tipo de planilha') }

export const importacao = defineEndpoint({
  method: 'get',
  path: '/api/importacoes/{orgId}/{importId}',
  tags: ['Planilhas'],
  summary: 'Andamento de uma importação (linhas lidas de total), contagens, e uma página do relatório de problemas',
  security: bearer,
  request: { params: ImportParams, query: PageQuery },
  responses: {
    200: jsonContent(ImportJobDetailSchema, 'A importação'),
    ...jobForbidden,
    404: jsonContent(MessageSchema, 'Não existe nesta organização'),
    ...errorResponses,
  },
})

export const relatorio = defineEndpoint({
  method: 'get',
  path: '/api/importacoes/{orgId}/{importId}/relatorio',
  tags: ['Planilhas'],
  summary: 'O relatório de problemas de uma importação, em xlsx (linha, coluna, valor, motivo)',
  security: bearer,
  request: { params: ImportParams },
  responses: {
    200: xlsxContent('Relatório'),
    ...jobForbidden,
    404: jsonContent(MessageSchema, 'Não existe nesta organização'),
    ...errorResponses,
  },
})

export const modelo = defineEndpoint({
  method: 'get',
  path: '/api/planilhas/modelo/{orgId}/{tipo}',
  tags: ['Planilhas'],
  summary: 'Modelo xlsx de um tipo de planilha: a linha de títulos e uma linha de exemplo',
  security: bearer,
  request: { params: KindParams },
  responses: {
    200: xlsxContent('Modelo'),
    ...jobForbidden,
    404: jsonContent(MessageSchema, 'Tipo de planilha desconhecido'),
    ...errorResponses,
  },
})

/** A kind's export: every row of the organization as a streamed xlsx (`exportClientes/{id}`, and products). */
export const exportEndpoint = <const P extends `/${string}/{id}`>(options: { path: P; tags: string[]; summary: string }) =>
  defineEndpoint({
    method: 'get',
    path: options.path,
    tags: options.tags,
    summary: options.summary,
    security: bearer,
    request: { params: OrgParams },
    responses: {
      200: xlsxContent('A planilha'),
      403: jsonContent(MessageSchema, 'Não é membro'),
      ...errorResponses,
    },
  })
