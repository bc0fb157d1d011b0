import { createRoute, z } from '@hono/zod-openapi'
import { asc } from 'drizzle-orm'
import { verticals } from '../../db/schema/index.ts'
import { bearer, errorResponses, jsonContent, requireAuth, type Api, type Deps } from '../http.ts'

export const VerticalSchema = z.object({ id: z.number().int(), nome: z.string() }).openapi('Vertical')

export function registerVerticals(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/organizacao/showVerticais',
      tags: ['Organizações'],
      summary: 'Verticais (segmentos: Farma, Alimentos...) para o cadastro de uma organização',
      security: bearer,
      middleware: [requireAuth(db)] as const,
      responses: {
        200: jsonContent(z.object({ verticais: z.array(VerticalSchema) }), 'Verticais em ordem alfabética'),
        401: errorResponses[401],
      },
    }),
    async (c) => {
      const rows = await db.select({ id: verticals.id, nome: verticals.nome }).from(verticals).orderBy(asc(verticals.nome), asc(verticals.id))
      return c.json({ verticais: rows }, 200)
    },
  )
}
