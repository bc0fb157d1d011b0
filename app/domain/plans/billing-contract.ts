import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, organizacaoIdField } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { billingMessages as m } from './billing-messages.ts'
import { PAID_PLAN_CODES } from './plans.ts'

/**
 * Billing calls of the plans modal (decision 051), under api/empresas like the plan calls: the invoices
 * (títulos) of the Cobranças tab, their files and the nota fiscal upload; and the company e-mails (C
 * commercial, F finance). Invoices and their files are for admins and members holding 'cobranca' (the other
 * members see no prices); the company e-mails are read by any member, changed by those who see invoices.
 */

const TAGS = ['Cobranças']
const orgId = idParam('orgId', m.orgInvalid, 1)
const billingOnly = { 403: jsonContent(MessageSchema, 'Não é membro, ou não é administrador nem tem a permissão "cobranca"') }
const memberOnly = { 403: jsonContent(MessageSchema, 'Não é membro da organização') }

/** The largest nota fiscal accepted, as a chat attachment's. */
export const NF_MAX_BYTES = 10 * 1024 * 1024

/** A nota fiscal, checked by its content (magic bytes), never by its name: its extension in the file's address. */
export const NF_TYPES = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const

/** An invoice file's name in its address: the receipt is always a PDF; the nota fiscal has its own type's extension. */
export const INVOICE_FILE = /^(recibo|nf)\.(pdf|png|jpg)$/

export const TituloSchema = z
  .object({
    id: z.number().int(),
    numero: z.string().meta({ description: 'Mês e id: 202611-000123', example: '202611-000123' }),
    mes: z.string().meta({ description: 'O mês cobrado (aaaa-mm)', example: '2026-11' }),
    plano: z.enum(PAID_PLAN_CODES).meta({ description: 'P Pro, U Pro +, M Pro ∞; a lista o rotula Pro, Plus ou Max' }),
    usuarios: z.number().int().meta({ description: 'Membros ativos quando o título foi feito' }),
    usuarios_cobrados: z.number().int().meta({ description: 'Os usuários cobrados: os ativos, ou o mínimo do plano (Pro 6, Pro + 12)' }),
    preco_usuario: z.number().nullable().meta({ description: 'Reais por usuário por mês; null no Pro ∞ (valor negociado)' }),
    valor: z.number().meta({ description: 'Reais (guardado em centavos): 294 = R$ 294,00', example: 294 }),
    valor_centavos: z.number().int(),
    created_at: z.string().meta({ format: 'date-time' }),
    file_nf: z.string().nullable().meta({ description: 'Endereço da nota fiscal nesta API (pede o token de quem vê as cobranças); null enquanto pendente' }),
    file_recibo: z.string().nullable().meta({ description: 'Endereço do recibo em PDF; null enquanto não foi gerado' }),
    pendente: z.boolean().meta({ description: 'Sem nota fiscal ainda' }),
  })
  .meta({ id: 'Titulo' })

export const restoreTitulos = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restoreTitulos/{orgId}',
  tags: TAGS,
  summary: 'Os títulos (cobranças mensais) da organização, do mais novo ao mais antigo; `orgId` = a organização (administradores e permissão "cobranca")',
  security: bearer,
  request: { params: z.object({ orgId }) },
  responses: {
    200: jsonContent(z.object({ titulos: z.array(TituloSchema) }), 'Os títulos'),
    ...billingOnly,
    ...errorResponses,
  },
})

export const arquivoTitulo = defineEndpoint({
  method: 'get',
  path: '/api/empresas/arquivoTitulo/{orgId}/{tituloId}/{arquivo}',
  tags: TAGS,
  summary:
    'O recibo (recibo.pdf) ou a nota fiscal (nf.pdf, nf.png, nf.jpg) de um título, nunca por um endereço público; `orgId` = a organização, `tituloId` = o título (administradores e permissão "cobranca")',
  security: bearer,
  request: {
    params: z.object({
      orgId,
      tituloId: idParam('tituloId', m.invoiceInvalid, 1),
      arquivo: z.string().regex(INVOICE_FILE, m.fileNameInvalid).meta({ param: { name: 'arquivo', in: 'path' }, example: 'recibo.pdf' }),
    }),
  },
  responses: {
    200: { description: 'O arquivo', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
    ...billingOnly,
    404: jsonContent(MessageSchema, 'O título não é desta organização, ou ainda não tem esse arquivo'),
    ...errorResponses,
  },
})

export const UploadNfBody = z
  .object({
    organizacao_id: organizacaoIdField,
    titulo_id: positiveIdField(m.invoiceInvalid, m.invoiceInvalid).meta({ type: 'integer', example: 1 }),
    nf: z.instanceof(File, { error: m.nfRequired }).meta({ type: 'string', format: 'binary' }),
  })
  .meta({ id: 'EnviarNotaFiscalRequest', example: { organizacao_id: 1, titulo_id: 1, nf: '(PDF, PNG ou JPG de até 10 MB)' } })

export const uploadNfTitulo = defineEndpoint({
  method: 'post',
  path: '/api/empresas/uploadNfTitulo',
  tags: TAGS,
  summary:
    'Envia (ou troca) a nota fiscal de um título: PDF, PNG ou JPG até 10 MB, conferidos pelo conteúdo; o título deixa de estar pendente (administradores e permissão "cobranca")',
  security: bearer,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadNfBody } } } },
  responses: {
    200: jsonContent(z.object({ message: z.string(), titulo: TituloSchema }), 'Nota fiscal guardada'),
    ...billingOnly,
    404: jsonContent(MessageSchema, 'O título não é desta organização'),
    ...errorResponses,
  },
})

// ---------------------------------------------------------------------------
// Company e-mails

/** C commercial, F finance (the address that gets each new invoice with its receipt). */
export const COMPANY_EMAIL_TYPES = ['C', 'F'] as const
export type CompanyEmailType = (typeof COMPANY_EMAIL_TYPES)[number]

const emailType = z.enum(COMPANY_EMAIL_TYPES, { error: m.typeInvalid })

/** The spec's toast for an invalid address is 'Email inválido'; kept lower-cased, as the order e-mails are. */
export const companyEmailField = text({ required: m.emailRequired, max: 255, tooLong: m.emailTooLong })
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((email) => email.toLowerCase())

export const CompanyEmailFormSchema = z.object({ email: companyEmailField, tipo: emailType })

const CompanyEmailSchema = z.object({ id: z.number().int(), email: z.string(), tipo: z.enum(COMPANY_EMAIL_TYPES) }).meta({ id: 'EmailEmpresa' })

export const restoreEmailsEmpresa = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restoreEmailsEmpresa/{orgId}/{tipo}',
  tags: TAGS,
  summary: 'Os e-mails da empresa de um tipo (C comercial, F financeiro), com o limite; `orgId` = a organização (qualquer membro)',
  security: bearer,
  request: { params: z.object({ orgId, tipo: emailType.meta({ param: { name: 'tipo', in: 'path' }, example: 'F' }) }) },
  responses: {
    200: jsonContent(
      z.object({
        data: z.object({
          emails: z.array(CompanyEmailSchema),
          limite: z.number().int().meta({ description: 'Como permissions.pedidos_email: 0 sem limite, -1 nenhum, n até n e-mails (F: sempre 1)' }),
          pode_adicionar: z.boolean().meta({ description: 'Limite 0, ou maior que a contagem atual' }),
        }),
      }),
      'Os e-mails',
    ),
    ...memberOnly,
    ...errorResponses,
  },
})

export const AddCompanyEmailBody = CompanyEmailFormSchema.extend({ organizacao_id: organizacaoIdField }).meta({
  id: 'AdicionarEmailEmpresaRequest',
  example: { organizacao_id: 1, email: 'financeiro@distribuidora.com.br', tipo: 'F' },
})

export const addEmailEmpresa = defineEndpoint({
  method: 'post',
  path: '/api/empresas/addEmailEmpresa',
  tags: TAGS,
  summary:
    'Adiciona um e-mail da empresa: F financeiro (no máximo um: o segundo é 422) ou C comercial (limitado pelo plano: Básico 0, Pro 1, Pro + e Pro ∞ sem limite; acima, 403) (administradores e permissão "cobranca")',
  security: bearer,
  request: { body: jsonBody(AddCompanyEmailBody) },
  responses: {
    201: jsonContent(z.object({ message: z.string(), email: CompanyEmailSchema }), 'Adicionado'),
    403: jsonContent(MessageSchema, 'Não é membro, sem a permissão "cobranca", ou o plano não permite mais e-mails comerciais'),
    ...errorResponses,
  },
})

export const deleteEmailEmpresa = defineEndpoint({
  method: 'delete',
  path: '/api/empresas/deleteEmailEmpresa/{orgId}/{email}/{tipo}',
  tags: TAGS,
  summary: 'Remove um e-mail da empresa pelo endereço e o tipo; `orgId` = a organização (administradores e permissão "cobranca")',
  security: bearer,
  request: {
    params: z.object({
      orgId,
      email: text({ required: m.emailRequired, max: 255, tooLong: m.emailTooLong }).meta({ param: { name: 'email', in: 'path' }, example: 'financeiro@distribuidora.com.br' }),
      tipo: emailType.meta({ param: { name: 'tipo', in: 'path' }, example: 'F' }),
    }),
  },
  responses: {
    200: jsonContent(MessageSchema, 'Removido'),
    ...billingOnly,
    404: jsonContent(MessageSchema, 'O e-mail não está na lista'),
    ...errorResponses,
  },
})
