import * as addressApi from '../../../app/domain/organization/address-contract.ts'
import { createRoute, z } from '@hono/zod-openapi'
import { requireAuth, type Api, type Deps } from '../http.ts'
import { createCache, fetchJson, LookupUnavailable, unavailable } from './external.ts'

/**
 * Lists of states and cities (an external public service), read from IBGE's
 * localities API by the server, kept in memory for a day. IBGE_API_URL sets the base.
 */

export const STATES_UNAVAILABLE = 'Não foi possível consultar a lista de estados agora. Preencha o endereço manualmente.'
export const CITIES_UNAVAILABLE = 'Não foi possível consultar a lista de cidades agora. Preencha a cidade manualmente.'

const IbgeStates = z.array(z.object({ id: z.number(), sigla: z.string(), nome: z.string() }))
const IbgeCities = z.array(z.object({ id: z.number(), nome: z.string() }))



const byName = (a: { nome: string }, b: { nome: string }) => a.nome.localeCompare(b.nome, 'pt-BR')


export function registerStatesAndCities(app: Api, { db, config }: Deps) {
  // One cache per API instance: each node keeps its own copy for a day.
  const cached = createCache<unknown>()

  async function load<T extends z.ZodType>(key: string, url: string, schema: T): Promise<z.infer<T>> {
    return (await cached(key, async () => {
      const { status, body } = await fetchJson(url, config.lookupTimeoutMs)
      const parsed = schema.safeParse(body)
      // An empty list is never right for a valid UF: do not keep it for a day.
      if (status !== 200 || !parsed.success || (Array.isArray(parsed.data) && parsed.data.length === 0)) {
        console.warn(`IBGE respondeu ${status} com um corpo inesperado: ${url}`)
        throw new LookupUnavailable(`IBGE ${status}`)
      }
      return parsed.data
    })) as z.infer<T>
  }

  app.openapi(
    createRoute({ ...addressApi.estados, middleware: [requireAuth(db)] as const }),
    async (c) => {
      try {
        const states = await load('estados', `${config.ibgeApiUrl}/estados?orderBy=nome`, IbgeStates)
        const estados = states.map(({ id, sigla, nome }) => ({ id, sigla, nome })).sort(byName)
        return c.json({ estados }, 200)
      } catch (error) {
        if (error instanceof LookupUnavailable) unavailable(STATES_UNAVAILABLE)
        throw error
      }
    },
  )

  app.openapi(
    createRoute({ ...addressApi.cidades, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const { uf } = c.req.valid('param')
      try {
        const cities = await load(`cidades:${uf}`, `${config.ibgeApiUrl}/estados/${uf}/municipios?orderBy=nome`, IbgeCities)
        const cidades = cities.map(({ id, nome }) => ({ id, nome })).sort(byName)
        return c.json({ uf, cidades }, 200)
      } catch (error) {
        if (error instanceof LookupUnavailable) unavailable(CITIES_UNAVAILABLE)
        throw error
      }
    },
  )
}
