import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, idQuery, optionalPathText, organizacaoIdField, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { text } from '../shared/text.ts'
import { orderMessages as m } from './messages.ts'
import { NEXT_STATUSES, ORDER_ROLES, ORDER_STATUSES, OrderEmailFormSchema, quantitiesForStatus, statusChangeFields } from './schemas.ts'

/**
 * Orders (the /orders screen, decision 028). The spec names no call to read orders:
 * these are ours, under api/pedidos. An order is read by the members of its buyer, its seller and its
 * OL; moved (A → F, N or Q) by the seller's or the OL's members holding 'pedidos_status'; repeated by
 * the buyer's members. Another organization's order answers 404, as one that does not exist.
 */

const TAGS = ['Pedidos']
const orgParam = (name: string) => idParam(name, m.orgInvalid, 1)
const readForbidden = {
  403: jsonContent(MessageSchema, 'Não é membro da organização'),
}
const notFound = {
  404: jsonContent(MessageSchema, 'O pedido não existe ou não é desta organização'),
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), m.dateInvalid)

const StatusLetter = z.enum(ORDER_STATUSES).meta({
  description: 'A aguardando, F faturado, N negado, Q faturado com quebra',
})
const Party = z.object({ id: z.number().int(), nome: z.string() })

export const PedidoListaSchema = z
  .object({
    id: z.number().int(),
    status: StatusLetter,
    papel: z.enum(['C', 'V', 'O']).meta({
      description: 'O lado desta organização: C comprou, V vendeu, O é o OL',
    }),
    comprador: Party,
    vendedor: Party,
    ol: Party.nullable(),
    condicao_nome: z.string(),
    pagamento_nome: z.string().nullable(),
    quantidade_total: z.number().int(),
    itens: z.number().int().meta({ description: 'Quantas linhas' }),
    subtotal_centavos: z.number().int(),
    total_centavos: z.number().int(),
    total_faturado_centavos: z.number().int().nullable(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'PedidoLista' })

const ListParams = z.object({
  orgId: orgParam('orgId'),
  regPerPage: z.coerce
    .number({ error: m.perPageInvalid })
    .int(m.perPageInvalid)
    .min(1, m.perPageInvalid)
    .max(100, m.perPageInvalid)
    .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 }),
  search: optionalPathText('null', m.searchTooLong).meta({
    param: { name: 'search', in: 'path' },
    description: 'O número do pedido, ou texto no nome do comprador, do vendedor, do OL ou da condição (sem acento nem caixa); null = todos',
  }),
  status: optionalPathText('null', m.statusInvalid)
    .pipe(z.enum(ORDER_STATUSES, { error: m.statusInvalid }).nullable())
    .meta({
      param: { name: 'status', in: 'path' },
      description: 'A | F | N | Q; null = todas',
    }),
  papel: optionalPathText('V', m.roleInvalid)
    .pipe(z.enum(ORDER_ROLES, { error: m.roleInvalid }).nullable())
    .meta({
      param: { name: 'papel', in: 'path' },
      description: 'C = pedidos que a organização fez (comprador); V = recebidos como vendedor ou OL; null = V',
    }),
})

const ListQuery = PageQuery.extend({
  de: isoDate.optional().meta({
    description: 'Feitos a partir deste dia (aaaa-mm-dd, em Brasília)',
  }),
  ate: isoDate.optional().meta({
    description: 'Feitos até este dia, inclusive (aaaa-mm-dd, em Brasília)',
  }),
  cliente: idQuery(m.customerInvalid, 'Só com papel V: os pedidos de um cliente do vendedor (customers.id, a tela /orders-customer)', 1),
}).superRefine((q, ctx) => {
  if (q.de && q.ate && q.ate < q.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: m.periodInOrder })
})

export const restorePedidos = defineEndpoint({
  method: 'get',
  path: '/api/pedidos/restorePedidos/{orgId}/{regPerPage}/{search}/{status}/{papel}',
  tags: TAGS,
  summary: 'Pedidos da organização, os mais novos primeiro, paginados: feitos (C) ou recebidos (V), por situação, busca e período',
  security: bearer,
  request: { params: ListParams, query: ListQuery },
  responses: {
    200: jsonContent(
      z
        .object({
          pedidos: paginatorSchema(PedidoListaSchema),
          cliente: Party.nullable().meta({
            description: 'O cliente filtrado por `cliente`, com o nome que o vendedor lhe deu',
          }),
        })
        .meta({ id: 'PedidosPagina' }),
      'Página de pedidos (paginador do Laravel)',
    ),
    ...readForbidden,
    404: jsonContent(MessageSchema, 'O cliente não é desta organização'),
    ...errorResponses,
  },
})

export const PedidoItemSchema = z
  .object({
    id: z.number().int(),
    produto_id: z.number().int().nullable(),
    nome: z.string(),
    ean: z.string().nullable(),
    codigo: z.string().nullable(),
    marca: z.string().nullable(),
    unidade: z.string(),
    quantidade: z.number().int(),
    quantidade_faturada: z.number().int().nullable(),
    total_faturado_centavos: z.number().int().nullable().meta({
      description: 'O quanto desta linha foi faturado com quebra (Q): seu total na proporção da quantidade faturada, arredondado uma vez (a soma das linhas é o subtotal faturado); null fora de um Q',
    }),
    preco_lista_centavos: z.number().int(),
    preco_unitario_centavos: z.number().int(),
    preco_unitario_centesimos: z.number().int().meta({ description: 'O preço unitário em centésimos de centavo (R$ 0,0001): o que a linha mostra ao lado do total, que é arredondado uma vez do valor exato' }),
    total_centavos: z.number().int(),
    regra_nome: z.string().nullable(),
    regra_desconto: z.string().nullable(),
  })
  .meta({ id: 'PedidoItem' })

export const HistoricoSchema = z
  .object({
    de: StatusLetter.nullable().meta({ description: 'null na criação' }),
    para: StatusLetter,
    usuario: z.string().nullable().meta({ description: 'Quem mudou (null se a conta foi apagada)' }),
    organizacao: z.string().nullable(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'PedidoHistorico' })

export const PedidoSchema = PedidoListaSchema.extend({
  pagamento_prazo_dias: z.number().int().nullable(),
  tokenbase: z
    .object({
      token: z.string().nullable(),
      formula: z.string(),
      desconto: z.string(),
      percent: z.string(),
      fator: z.string(),
      valor: z.number().int(),
      valor_total: z.number().int(),
    })
    .nullable(),
  usuario: z.string().nullable().meta({ description: 'Quem enviou o pedido' }),
  itens_lista: z.array(PedidoItemSchema),
  historico: z.array(HistoricoSchema),
  pode_mudar_status: z.boolean().meta({
    description: 'Quem chama pode mover este pedido agora (vendedor ou OL, "pedidos_status", aguardando)',
  }),
  pode_repetir: z.boolean().meta({ description: 'Quem chama é do comprador' }),
}).meta({ id: 'Pedido' })

export const showPedido = defineEndpoint({
  method: 'get',
  path: '/api/pedidos/showPedido/{orgId}/{orderId}',
  tags: TAGS,
  summary: 'Um pedido, com itens como enviados, forma de pagamento, tokenbase e histórico; `orgId` = a organização de quem chama (comprador, vendedor ou OL)',
  security: bearer,
  request: {
    params: z.object({
      orgId: orgParam('orgId'),
      orderId: idParam('orderId', m.orderInvalid, 1),
    }),
  },
  responses: {
    200: jsonContent(z.object({ pedido: PedidoSchema }), 'O pedido'),
    ...readForbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const UpdateStatusBody = z
  .object({ organizacao_id: organizacaoIdField, ...statusChangeFields })
  .superRefine(quantitiesForStatus)
  .meta({
    id: 'MudarSituacaoPedidoRequest',
    description: 'Q pede `quantidades`: a quantidade faturada de cada item (0 até a pedida, ao menos uma menor que a pedida)',
    example: { organizacao_id: 1, pedido_id: 1, status: 'F' },
  })

export const updateStatus = defineEndpoint({
  method: 'post',
  path: '/api/pedidos/updateStatus',
  tags: TAGS,
  summary: 'Muda a situação de um pedido aguardando para F, N ou Q (vendedor ou OL com "pedidos_status"); avisa comprador, vendedor e OL em tempo real',
  security: bearer,
  request: { body: jsonBody(UpdateStatusBody) },
  responses: {
    200: jsonContent(
      z.object({
        message: z.string(),
        pedido: z.object({
          id: z.number().int(),
          status: z.enum(NEXT_STATUSES),
          total_faturado_centavos: z.number().int().nullable(),
        }),
      }),
      'Mudado',
    ),
    403: jsonContent(MessageSchema, 'Não é membro, ou sem a permissão "pedidos_status"'),
    ...notFound,
    ...errorResponses,
  },
})

export const RepetirBody = z
  .object({
    organizacao_id: organizacaoIdField,
    pedido_id: positiveIdField(m.orderRequired, m.orderInvalid),
  })
  .meta({
    id: 'RepetirPedidoRequest',
    example: { organizacao_id: 1, pedido_id: 1 },
  })

export const repetirPedido = defineEndpoint({
  method: 'post',
  path: '/api/pedidos/repetirPedido',
  tags: TAGS,
  summary: 'Põe os itens de um pedido feito de volta no carrinho da mesma condição e OL, com os preços de hoje; diz quais ficaram de fora e por quê',
  security: bearer,
  request: { body: jsonBody(RepetirBody) },
  responses: {
    200: jsonContent(
      z.object({
        message: z.string(),
        checkout_id: z.number().int().nullable().meta({
          description: 'O carrinho que recebeu os itens (null se nenhum coube)',
        }),
        adicionados: z.array(
          z.object({
            produto_id: z.number().int(),
            nome: z.string(),
            quantidade: z.number().int().meta({ description: 'A quantidade no carrinho: a do pedido, ou a menor acima dela que as regras de hoje (mínimo, múltiplo, máximo) aceitam' }),
            quantidade_pedido: z.number().int().meta({ description: 'A quantidade do pedido repetido' }),
            preco_centavos: z.number().int(),
          }),
        ),
        ignorados: z.array(z.object({ nome: z.string(), motivo: z.string() })),
      }),
      'O que voltou ao carrinho',
    ),
    ...readForbidden,
    ...notFound,
    ...errorResponses,
  },
})

/** The member's news per key (a, f, n; Q counts as f): the counters less what they have seen (decision 028). */
const NewsSchema = z
  .object({ a: z.number().int(), f: z.number().int(), n: z.number().int() })
  .meta({ id: 'NovidadesPedidos' })

export const contadores = defineEndpoint({
  method: 'get',
  path: '/api/pedidos/contadores/{orgId}',
  tags: TAGS,
  summary: 'Quantos pedidos a organização tem por situação (como comprador, vendedor ou OL), mantidos na escrita, e quantos o membro ainda não viu por chave',
  security: bearer,
  request: { params: z.object({ orgId: orgParam('orgId') }) },
  responses: {
    200: jsonContent(
      z
        .object({
          contadores: z.object({
            A: z.number().int(),
            F: z.number().int(),
            N: z.number().int(),
            Q: z.number().int(),
          }),
          total: z.number().int(),
          novos: NewsSchema,
        })
        .meta({ id: 'ContadoresPedidos' }),
      'Os contadores',
    ),
    ...readForbidden,
    ...errorResponses,
  },
})

const SeenKey = z.enum(['a', 'f', 'n'])

export const VistosBody = z
  .object({
    organizacao_id: organizacaoIdField,
    chaves: z.array(SeenKey).max(3).optional(),
  })
  .meta({ id: 'PedidosVistosRequest', example: { organizacao_id: 1, chaves: ['a'] } })

export const vistos = defineEndpoint({
  method: 'post',
  path: '/api/pedidos/vistos',
  tags: TAGS,
  summary: 'O membro viu os pedidos da organização (a lista na tela): as novidades das chaves dadas (todas por padrão) passam a vistas',
  security: bearer,
  request: { body: jsonBody(VistosBody) },
  responses: {
    200: jsonContent(z.object({ novos: NewsSchema }), 'As novidades que restam'),
    ...readForbidden,
    ...errorResponses,
  },
})

// ---------------------------------------------------------------------------
// Order e-mails (under api/empresas like the other organization calls).

const EMAIL_TAGS = ['Pedidos: e-mails']
const EmailSchema = z.object({ id: z.number().int(), email: z.string() }).meta({ id: 'EmailPedido' })

export const restoreEmailPedido = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restoreEmailPedido/{orgId}/{search}',
  tags: EMAIL_TAGS,
  summary: 'Os e-mails que recebem cada pedido novo da organização, com o limite do plano; `orgId` = a organização, `search` = parte do e-mail (null = todos)',
  security: bearer,
  request: {
    params: z.object({
      orgId: orgParam('orgId'),
      search: optionalPathText('null', m.searchTooLong).meta({
        param: { name: 'search', in: 'path' },
      }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        emails: z.array(EmailSchema),
        limite: z.number().int().meta({
          description: 'permissions.pedidos_email: 0 sem limite, -1 nenhum, n até n e-mails',
        }),
        pode_adicionar: z.boolean().meta({
          description: 'Limite 0, ou maior que a contagem atual',
        }),
      }),
      'Os e-mails',
    ),
    ...readForbidden,
    ...errorResponses,
  },
})

export const AddEmailBody = OrderEmailFormSchema.extend({
  organizacao_id: organizacaoIdField,
}).meta({
  id: 'AdicionarEmailPedidoRequest',
  example: { organizacao_id: 1, email: 'pedidos@distribuidora.com.br' },
})

export const addEmailPedido = defineEndpoint({
  method: 'post',
  path: '/api/empresas/addEmailPedido',
  tags: EMAIL_TAGS,
  summary: 'Adiciona um e-mail que recebe cada pedido novo (permissão "empresa"; limitado por permissions.pedidos_email do plano)',
  security: bearer,
  request: { body: jsonBody(AddEmailBody) },
  responses: {
    201: jsonContent(z.object({ message: z.string(), email: EmailSchema }), 'Adicionado'),
    403: jsonContent(MessageSchema, 'Não é membro, ou sem a permissão "empresa"'),
    ...errorResponses,
  },
})

export const deleteEmailPedido = defineEndpoint({
  method: 'delete',
  path: '/api/empresas/deleteEmailPedido/{orgId}/{emailId}/{email}',
  tags: EMAIL_TAGS,
  summary:
    'Remove um e-mail de pedidos; `orgId` = a organização, `emailId` = o id da lista, `email` = o endereço (deve ser o da linha: uma lista antiga não apaga outro)',
  security: bearer,
  request: {
    params: z.object({
      orgId: orgParam('orgId'),
      emailId: idParam('emailId', m.emailIdInvalid, 1),
      email: text({
        required: m.emailRequired,
        max: 255,
        tooLong: m.emailTooLong,
      }).meta({
        param: { name: 'email', in: 'path' },
        example: 'pedidos@distribuidora.com.br',
      }),
    }),
  },
  responses: {
    200: jsonContent(MessageSchema, 'Removido'),
    403: jsonContent(MessageSchema, 'Não é membro, ou sem a permissão "empresa"'),
    404: jsonContent(MessageSchema, 'O e-mail não está na lista'),
    ...errorResponses,
  },
})
