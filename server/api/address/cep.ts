import { createRoute, z } from '@hono/zod-openapi'
import { abort, bearer, errorResponses, jsonContent, MessageSchema, requireAuth, type Api, type Deps } from '../http.ts'
import { fetchJson, LookupUnavailable, unavailable } from './external.ts'
import { CEP_INVALID, normalizeCep } from './ufs.ts'

/** Postal-code lookup (spec §7, "external public services") through ViaCEP; CEP_API_URL sets the base. */

export const CEP_UNAVAILABLE = 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.'
export const CEP_NOT_FOUND = 'CEP não encontrado.'

const ViaCepAddress = z.object({
  cep: z.string(),
  logradouro: z.string().default(''),
  complemento: z.string().default(''),
  bairro: z.string().default(''),
  localidade: z.string(),
  uf: z.string().length(2),
  ibge: z.string().default(''),
})
/** ViaCEP answers 200 with `{"erro": "true"}` (older: `true`) for a well-formed CEP nobody uses. */
const ViaCepNotFound = z.object({ erro: z.union([z.literal(true), z.literal('true')]) })

const AddressSchema = z
  .object({
    cep: z.string().openapi({ example: '01310100' }),
    endereco: z.string().openapi({ example: 'Avenida Paulista' }),
    complemento: z.string(),
    bairro: z.string().openapi({ example: 'Bela Vista' }),
    cidade: z.string().openapi({ example: 'São Paulo' }),
    uf: z.string().openapi({ example: 'SP' }),
    ibge: z.string().openapi({ example: '3550308', description: 'Código IBGE do município' }),
  })
  .openapi('EnderecoDoCep')

const CepParam = z
  .string()
  .transform(normalizeCep)
  .pipe(z.string().regex(/^\d{8}$/, CEP_INVALID))
  .openapi({ param: { name: 'cep', in: 'path' }, example: '01.310-100', description: 'Com ou sem máscara: pontos e traços são removidos' })

export function registerCepLookup(app: Api, { db, config }: Deps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/enderecos/cep/{cep}',
      tags: ['Endereços'],
      summary: 'Endereço de um CEP (ViaCEP), nos nomes de campo do cadastro da organização',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      request: { params: z.object({ cep: CepParam }) },
      responses: {
        200: jsonContent(AddressSchema, 'Endereço encontrado'),
        404: jsonContent(MessageSchema, 'CEP bem formado que não existe'),
        ...errorResponses,
        503: jsonContent(MessageSchema, 'O serviço de CEP não respondeu a tempo: o usuário preenche à mão'),
      },
    }),
    async (c) => {
      const { cep } = c.req.valid('param')
      let answer: { status: number; body: unknown }
      try {
        answer = await fetchJson(`${config.cepApiUrl}/${cep}/json/`, config.lookupTimeoutMs)
      } catch (error) {
        if (error instanceof LookupUnavailable) unavailable(CEP_UNAVAILABLE)
        throw error
      }
      if (answer.status === 400 || answer.status === 404 || (answer.status === 200 && ViaCepNotFound.safeParse(answer.body).success)) {
        abort(404, CEP_NOT_FOUND)
      }
      const found = answer.status === 200 ? ViaCepAddress.safeParse(answer.body) : undefined
      if (!found?.success) {
        console.warn(`Serviço de CEP respondeu ${answer.status} com um corpo inesperado`)
        unavailable(CEP_UNAVAILABLE)
      }
      const a = found.data
      return c.json(
        {
          cep: normalizeCep(a.cep),
          endereco: a.logradouro,
          complemento: a.complemento,
          bairro: a.bairro,
          cidade: a.localidade,
          uf: a.uf.toUpperCase(),
          ibge: a.ibge,
        },
        200,
      )
    },
  )
}
