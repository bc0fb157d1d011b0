import * as orgApi from '../../../app/domain/organization/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { asc } from 'drizzle-orm'
import { verticals } from '../../db/schema/index.ts'
import { requireAuth, type Api, type Deps } from '../http.ts'


export function registerVerticals(app: Api, { db }: Deps) {
  app.openapi(
    createRoute({ ...orgApi.showVerticais, middleware: [requireAuth(db)] as const }),
    async (c) => {
      const rows = await db.select({ id: verticals.id, nome: verticals.nome }).from(verticals).orderBy(asc(verticals.nome), asc(verticals.id))
      return c.json({ verticais: rows }, 200)
    },
  )
}
