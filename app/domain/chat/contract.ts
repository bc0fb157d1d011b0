import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'
import { organizacaoIdField, paginatorSchema, pathId } from '../shared/fields.ts'
import { text } from '../shared/text.ts'
import { chatMessages as m, type Padrao } from './messages.ts'
import {
  answerToField,
  audioBarsField,
  audioDurationField,
  ChatSearchSchema,
  ChatSendSchema,
  channelIdField,
  clientIdField,
  chatCaptionField,
} from './schemas.ts'

/** The chat calls (ours: the spec names none); README's "Chat" section lists them. */

export const PADRAO_VALUES = ['I', 'B', 'F'] as const satisfies readonly Padrao[]

export const ChatMessageSchema = z
  .object({
    id: z.number().int(),
    client_id: z.string(),
    channel_id: z.number().int(),
    padrao: z.enum(['I', 'B', 'F']),
    user_id: z.number().int().nullable(),
    user: z.object({ id: z.number().int().nullable(), nome: z.string(), avatar: z.string().nullable() }),
    organizacao: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
    message: z.string().meta({
      description: 'Texto, ou JSON com `type` (text, image, file, audio), `text`, `answerTo`, `url`, `name`, `mime`, `size`, `audioBars`, `duration`',
    }),
    destaque: z.boolean(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'MensagemChat' })

export const ChannelSchema = z
  .object({
    id: z.number().int(),
    padrao: z.enum(PADRAO_VALUES),
    nome: z.string().meta({ description: 'A equipe (I), a bandeira (B) ou a outra empresa (F)' }),
    avatar: z.string().nullable(),
    organizacao_id: z.number().int().meta({ description: 'A empresa mostrada: a própria (I), a bandeira (B), a outra (F)' }),
    notificacoes: z.number().int().meta({ description: 'Mensagens de outras pessoas depois da última lida' }),
    bloqueado: z.boolean().meta({ description: 'Chat externo de um dono sem plano Pro: visível, mas sem acesso' }),
    ultima_mensagem: ChatMessageSchema.nullable(),
  })
  .meta({ id: 'CanalChat' })

export const NotificationsSchema = z
  .object({
    I: z.array(z.object({ id: z.number().int(), notifications: z.number().int() })),
    B: z.array(z.object({ id: z.number().int(), notifications: z.number().int() })),
    F: z.array(z.object({ id: z.number().int(), notifications: z.number().int() })),
    total: z.number().int(),
  })
  .meta({ id: 'NotificacoesChat' })

export const canais = defineEndpoint({
  method: 'get',
  path: '/api/chat/canais/{orgId}/{padrao}',
  tags: ['Chat'],
  summary: 'Canais de um tipo (I empresa, B bandeira, F fornecedor/cliente) em que a organização participa, com não lidas e última mensagem; busca pelo nome',
  security: bearer,
  request: {
    params: z.object({ orgId: pathId(1, 'Organização inválida.'), padrao: z.enum(PADRAO_VALUES, { error: m.padraoInvalid }).meta({ example: 'F' }) }),
    query: z.object({
      page: z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(1, m.afterInvalid).max(1_000_000, m.afterInvalid).default(1).meta({ example: 1 }),
      search: text({ max: 100, tooLong: m.searchTooLong }).optional().meta({ example: 'farm' }),
    }),
  },
  responses: {
    200: jsonContent(paginatorSchema(ChannelSchema), 'Canais, os de mensagem mais recente primeiro'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const notificacoes = defineEndpoint({
  method: 'get',
  path: '/api/chat/notificacoes/{orgId}',
  tags: ['Chat'],
  summary: 'Não lidas por tipo e canal (o mapa de notificações do estado do chat) e o total',
  security: bearer,
  request: { params: z.object({ orgId: pathId(1, 'Organização inválida.') }) },
  responses: {
    200: jsonContent(NotificationsSchema, 'Mapa de notificações'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const perfil = defineEndpoint({
  method: 'get',
  path: '/api/chat/perfil/{orgId}/{channelId}',
  tags: ['Chat'],
  summary: 'Painel de perfil do canal: as empresas participantes e as pessoas',
  security: bearer,
  request: { params: z.object({ orgId: pathId(1, 'Organização inválida.'), channelId: pathId(1, 'Canal inválido.') }) },
  responses: {
    200: jsonContent(
      z
        .object({
          canal: z.object({ id: z.number().int(), padrao: z.enum(PADRAO_VALUES) }),
          empresas: z.array(z.object({ id: z.number().int(), nome: z.string(), avatar: z.string().nullable(), tipo: z.string(), cidade: z.string().nullable(), uf: z.string().nullable() })),
          membros: z.array(z.object({ id: z.number().int(), nome: z.string(), avatar: z.string().nullable(), organizacao_id: z.number().int() })),
        })
        .meta({ id: 'PerfilCanalChat' }),
      'Participantes',
    ),
    403: jsonContent(MessageSchema, 'Não participa do canal'),
    ...errorResponses,
  },
})

export const PAGE_SIZE = 50

export const MAX_PAGE_SIZE = 200

export const socketIdField = z.string().regex(/^\d+\.\d+$/, 'socket_id inválido.').optional().meta({ description: 'Conexão do remetente, que não recebe o próprio evento', example: '123.456' })

export const SendBody = ChatSendSchema.extend({ organizacao_id: organizacaoIdField, socket_id: socketIdField }).meta({ id: 'EnviarMensagemChatRequest', 
  example: { organizacao_id: 1, channel_id: 1, client_id: '3f1c6e0a-8d2b-4c47-9a51-0b7e2d9c4f10', text: 'Bom dia! O pedido saiu hoje?' },
})

export const FileBody = z
  .object({
    organizacao_id: organizacaoIdField,
    channel_id: channelIdField,
    client_id: clientIdField,
    file: z.instanceof(File, { error: m.fileRequired }).meta({ type: 'string', format: 'binary' }),
    text: chatCaptionField.optional(),
    answer_to: answerToField,
    duration: audioDurationField.optional().meta({ type: 'number', description: 'Segundos: presente numa mensagem de voz' }),
    audio_bars: audioBarsField.optional().meta({ type: 'string', description: 'JSON: lista de até 64 alturas de 0 a 100' }),
    socket_id: socketIdField,
  })
  .meta({ id: 'EnviarArquivoChatRequest', 
    example: { organizacao_id: 1, channel_id: 1, client_id: '9b2d4f6a-1c3e-4a5b-8d7f-0e1a2b3c4d5e', file: '(imagem, pdf, planilha, documento ou áudio de até 10 MB)' },
  })

export const ReadBody = z
  .object({ organizacao_id: organizacaoIdField, channel_id: channelIdField, message_id: answerToField.meta({ type: 'integer', description: 'Até onde leu; ausente = tudo' }) })
  .meta({ id: 'LerChatRequest',  example: { organizacao_id: 1, channel_id: 1, message_id: 10 } })

export const HighlightBody = z
  .object({
    organizacao_id: organizacaoIdField,
    message_id: channelIdField.meta({ type: 'integer' }),
    destaque: z.boolean({ error: m.messageInvalid }),
  })
  .meta({ id: 'DestacarMensagemRequest',  example: { organizacao_id: 1, message_id: 10, destaque: true } })

export const ChannelParams = z.object({ orgId: pathId(1, 'Organização inválida.'), channelId: pathId(1, 'Canal inválido.') })

export const positiveQuery = (example: number) =>
  z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(0, m.afterInvalid).max(2_147_483_647, m.afterInvalid).optional().meta({ example })

export const channelDenied = { 403: jsonContent(MessageSchema, 'Não participa do canal, ou chat externo sem plano Pro') }

export const mensagens = defineEndpoint({
  method: 'get',
  path: '/api/chat/mensagens/{orgId}/{channelId}',
  tags: ['Chat'],
  summary:
    'Mensagens do canal em ordem: as últimas (ou as anteriores a `before`); com `after`, as posteriores a ela (o que um cliente que reconecta perdeu)',
  security: bearer,
  request: {
    params: ChannelParams,
    query: z.object({
      after: positiveQuery(120),
      before: positiveQuery(200),
      limit: z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(1, m.afterInvalid).max(MAX_PAGE_SIZE, m.afterInvalid).default(PAGE_SIZE).meta({ example: 50 }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(ChatMessageSchema), has_more: z.boolean(), canal: ChannelSchema }).meta({ id: 'MensagensChat' }),
      'Mensagens da mais antiga à mais nova, e o canal como a lista o mostra',
    ),
    ...channelDenied,
    ...errorResponses,
  },
})

export const postMensagens = defineEndpoint({
  method: 'post',
  path: '/api/chat/mensagens',
  tags: ['Chat'],
  summary: 'Envia um texto (ou uma resposta, com `answer_to`); repetir o mesmo `client_id` devolve a mensagem já gravada (200) em vez de duplicar',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: SendBody } } } },
  responses: {
    201: jsonContent(ChatMessageSchema, 'Mensagem gravada e entregue (evento chat-messages em private-{user_id}_chat)'),
    200: jsonContent(ChatMessageSchema, 'O mesmo envio já tinha sido gravado'),
    ...channelDenied,
    ...errorResponses,
  },
})

export const arquivos = defineEndpoint({
  method: 'post',
  path: '/api/chat/arquivos',
  tags: ['Chat'],
  summary: 'Envia imagem, arquivo ou mensagem de voz (com `duration` e `audio_bars`), até 10 MB, conferidos pelo conteúdo; idempotente por `client_id`',
  security: bearer,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: FileBody } } } },
  responses: {
    201: jsonContent(ChatMessageSchema, 'Mensagem gravada e entregue'),
    200: jsonContent(ChatMessageSchema, 'O mesmo envio já tinha sido gravado'),
    ...channelDenied,
    ...errorResponses,
  },
})

export const arquivo = defineEndpoint({
  method: 'get',
  path: '/api/chat/arquivo/{messageId}',
  tags: ['Chat'],
  summary: 'O anexo de uma mensagem (imagem, arquivo, áudio), só para quem participa do canal',
  security: bearer,
  request: { params: z.object({ messageId: pathId(10, 'Mensagem inválida.') }) },
  responses: {
    200: { description: 'O arquivo', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
    403: jsonContent(MessageSchema, 'Não participa do canal'),
    404: jsonContent(MessageSchema, 'Sem anexo'),
    ...errorResponses,
  },
})

export const lidas = defineEndpoint({
  method: 'post',
  path: '/api/chat/lidas',
  tags: ['Chat'],
  summary: 'Marca o canal como lido até uma mensagem (ou até a última) e devolve o mapa de notificações',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: ReadBody } } } },
  responses: { 200: jsonContent(z.object({ I: z.array(z.any()), B: z.array(z.any()), F: z.array(z.any()), total: z.number().int() }), 'Notificações depois da leitura'), ...channelDenied, ...errorResponses },
})

export const destaque = defineEndpoint({
  method: 'post',
  path: '/api/chat/destaque',
  tags: ['Chat'],
  summary: 'Destaca (ou tira o destaque de) uma mensagem do canal, para todos os participantes',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: HighlightBody } } } },
  responses: { 200: jsonContent(ChatMessageSchema, 'Mensagem atualizada'), 404: jsonContent(MessageSchema, 'Mensagem inexistente'), ...channelDenied, ...errorResponses },
})

const pageField = z.coerce.number({ error: m.afterInvalid }).int(m.afterInvalid).min(1, m.afterInvalid).max(1_000_000, m.afterInvalid).default(1).meta({ example: 1 })

const panelResponses = { 200: jsonContent(paginatorSchema(ChatMessageSchema), 'Mensagens, as mais novas primeiro'), ...channelDenied, ...errorResponses }

export const pesquisa = defineEndpoint({
  method: 'get',
  path: '/api/chat/pesquisa/{orgId}/{channelId}',
  tags: ['Chat'],
  summary: 'Painel de pesquisa: mensagens do canal cujo texto ou nome de anexo contém o termo (sem diferenciar maiúsculas)',
  security: bearer,
  request: { params: ChannelParams, query: ChatSearchSchema.extend({ page: pageField }) },
  responses: panelResponses,
})

export const midias = defineEndpoint({
  method: 'get',
  path: '/api/chat/midias/{orgId}/{channelId}',
  tags: ['Chat'],
  summary: 'Painel de mídia: imagens, arquivos e áudios do canal',
  security: bearer,
  request: {
    params: ChannelParams,
    query: z.object({ tipo: z.enum(['image', 'file', 'audio'], { error: m.messageInvalid }).optional().meta({ example: 'image' }), page: pageField }),
  },
  responses: panelResponses,
})
