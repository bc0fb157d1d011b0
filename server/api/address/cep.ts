import * as addressApi from '../../../app/domain/organization/address-contract.ts'
import { createRoute, z } from '@hono/zod-openapi'
import { abort, requireAuth, type Api, type Deps } from '../http.ts'
import { fetchJson, LookupUnavailable, unavailable } from './external.ts'
import { normalizeCep } from '../../../app/domain/organization/address.ts'

/** Postal-code lookup (an external public service) through ViaCEP; CEP_API_URL sets the base. */

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



export function registerCepLookup(app: Api, { db, config }: Deps) {
  app.openapi(
    createRoute({ ...addressApi.cep, middleware: [requireAuth(db)] as const }),
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
