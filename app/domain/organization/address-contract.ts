import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'
import { CEP_INVALID, isUf, normalizeCep, UF_INVALID, UF_REQUIRED } from './address.ts'

/** Address lookups (ours; the API calls IBGE and ViaCEP so the browser never does). */

export const AddressSchema = z
  .object({
    cep: z.string().meta({ example: '01310100' }),
    endereco: z.string().meta({ example: 'Avenida Paulista' }),
    complemento: z.string(),
    bairro: z.string().meta({ example: 'Bela Vista' }),
    cidade: z.string().meta({ example: 'São Paulo' }),
    uf: z.string().meta({ example: 'SP' }),
    ibge: z.string().meta({ example: '3550308', description: 'Código IBGE do município' }),
  })
  .meta({ id: 'EnderecoDoCep' })

export const CepParam = z
  .string()
  .transform(normalizeCep)
  .pipe(z.string().regex(/^\d{8}$/, CEP_INVALID))
  .meta({ param: { name: 'cep', in: 'path' }, example: '01.310-100', description: 'Com ou sem máscara: pontos e traços são removidos' })

export const cep = defineEndpoint({
  method: 'get',
  path: '/api/enderecos/cep/{cep}',
  tags: ['Endereços'],
  summary: 'Endereço de um CEP (ViaCEP), nos nomes de campo do cadastro da organização',
  security: bearer,
  request: { params: z.object({ cep: CepParam }) },
  responses: {
    200: jsonContent(AddressSchema, 'Endereço encontrado'),
    404: jsonContent(MessageSchema, 'CEP bem formado que não existe'),
    ...errorResponses,
    503: jsonContent(MessageSchema, 'O serviço de CEP não respondeu a tempo: o usuário preenche à mão'),
  },
})

export const StateSchema = z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() }).meta({ id: 'Estado' })

export const CitySchema = z.object({ id: z.number().int(), nome: z.string() }).meta({ id: 'Cidade' })

export const UfParam = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, UF_REQUIRED)
      .refine((v) => isUf(v), UF_INVALID),
  )
  .meta({ param: { name: 'uf', in: 'path' }, example: 'SP', description: 'Sigla da UF (maiúsculas ou minúsculas)' })

export const unavailableResponse = jsonContent(MessageSchema, 'O IBGE não respondeu a tempo: o usuário preenche à mão')

export const estados = defineEndpoint({
  method: 'get',
  path: '/api/enderecos/estados',
  tags: ['Endereços'],
  summary: 'Estados do Brasil (IBGE), em ordem alfabética',
  security: bearer,
  responses: {
    200: jsonContent(z.object({ estados: z.array(StateSchema) }), 'Os 27 estados'),
    401: errorResponses[401],
    503: unavailableResponse,
  },
})

export const cidades = defineEndpoint({
  method: 'get',
  path: '/api/enderecos/estados/{uf}/cidades',
  tags: ['Endereços'],
  summary: 'Municípios de uma UF (IBGE), em ordem alfabética',
  security: bearer,
  request: { params: z.object({ uf: UfParam }) },
  responses: {
    200: jsonContent(z.object({ uf: z.string(), cidades: z.array(CitySchema) }), 'Municípios da UF'),
    ...errorResponses,
    503: unavailableResponse,
  },
})
