import { createRoute } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import { booleanCell, dateCell, integerCell, moneyCell, requiredCell, textCell } from '../../app/domain/spreadsheets/cells.ts'
import { importEndpoint } from '../../app/domain/spreadsheets/contract.ts'
import type { SheetSpec } from '../../app/domain/spreadsheets/sheet.ts'
import { acceptImport } from '../../server/api/spreadsheets/index.ts'
import { requireAuth } from '../../server/api/http.ts'
import { requirePermission } from '../../server/api/organizations/membership.ts'
import { createFileStore } from '../../server/files/file-store.ts'
import type { ImportKind, RowProblem } from '../../server/spreadsheets/import-kind.ts'
import { registerImportKind } from '../../server/spreadsheets/jobs.ts'
import type { TestApi } from './harness.ts'

/**
 * An import kind of the tests' own, on a scratch table of the test's database copy: what a real
 * kind (products, customers) gives the engine, so the engine is tested without them.
 */
export type Item = { codigo: string; nome: string; preco: number; quantidade: number | null; validade: Date | null; ativo: boolean | null }

export const KIND = 'itens_teste'

export const itemSpec: SheetSpec<Item> = {
  kind: KIND,
  sheetName: 'Itens de teste com um nome bem longo para cortar',
  fileName: 'itens-teste',
  columns: [
    { key: 'codigo', header: 'Código', aliases: ['Código interno', 'Cod'], required: true, format: 'text', parse: requiredCell(textCell({ max: 30 })), write: (r) => r.codigo, example: 'ABC-1' },
    { key: 'nome', header: 'Nome', required: true, format: 'text', width: 40, parse: requiredCell(textCell({ max: 120 })), write: (r) => r.nome, example: 'Sabão em pó 1 kg' },
    { key: 'preco', header: 'Preço', aliases: ['Preço unitário'], required: true, format: 'money', parse: requiredCell(moneyCell({ maxCentavos: 100_000_000 })), write: (r) => r.preco / 100, example: 12.34 },
    { key: 'quantidade', header: 'Quantidade', format: 'integer', parse: integerCell({ min: 0, max: 1_000_000 }), write: (r) => r.quantidade, example: 12 },
    { key: 'validade', header: 'Validade', format: 'date', parse: dateCell(), write: (r) => r.validade, example: new Date(Date.UTC(2026, 11, 31)) },
    { key: 'ativo', header: 'Ativo', format: 'boolean', parse: booleanCell(), write: (r) => r.ativo, example: true },
  ],
}

/** Organizations whose import waits in `check` until the test lets it go (to look at its progress). */
export const gates = new Map<number, Promise<void>>()

export const itemKind: ImportKind<Item> = {
  spec: itemSpec,
  permission: 'produtos',
  async check(_tx, organizationId, batch) {
    await gates.get(organizationId)
    const problems: RowProblem[] = []
    const seen = new Set<string>()
    for (const { linha, row } of batch) {
      if (seen.has(row.codigo)) problems.push({ linha, coluna: 'Código', valor: row.codigo, motivo: 'Código repetido na planilha.' })
      seen.add(row.codigo)
    }
    return problems
  },
  async store(tx, organizationId, batch) {
    // Stands for a database failure in the middle of the write: the transaction must undo the batches before it.
    if (batch.some(({ row }) => row.nome === 'FALHA NA GRAVAÇÃO')) throw new Error('falha simulada na gravação')
    // Every row of a file has the same columns: the ones it lacks keep their stored values.
    const present = (['nome', 'preco', 'quantidade', 'validade', 'ativo'] as const).filter((key) => key in batch[0].row)
    const values = batch.map(
      ({ row }) =>
        sql`(${organizationId}, ${row.codigo}, ${row.nome}, ${row.preco}, ${row.quantidade ?? null}, ${row.validade ? row.validade.toISOString().slice(0, 10) : null}::date, ${row.ativo ?? true})`,
    )
    const result = await tx.execute<{ inserted: boolean }>(sql`
      insert into itens_teste (organization_id, codigo, nome, preco, quantidade, validade, ativo)
      values ${sql.join(values, sql`, `)}
      on conflict (organization_id, codigo) do update set ${sql.join(present.map((key) => sql.raw(`${key} = excluded.${key}`)), sql`, `)}
      returning (xmax = 0) as inserted`)
    const rows = (result as unknown as { rows: { inserted: boolean }[] }).rows
    const criadas = rows.filter((r) => r.inserted).length
    return { criadas, atualizadas: rows.length - criadas }
  },
}

export const importItens = importEndpoint({ path: '/api/teste/importarItens', tags: ['Teste'], summary: 'Importação de itens de teste' })

/** The scratch table, the kind, and its upload call (registered before the app answers its first request). */
export async function installItemKind(t: TestApi) {
  await t.db.execute(sql`
    create table itens_teste (
      id serial primary key,
      organization_id integer not null references organizations(id) on delete cascade,
      codigo text not null,
      nome text not null,
      preco integer not null,
      quantidade integer,
      validade date,
      ativo boolean not null default true,
      unique (organization_id, codigo)
    )`)
  registerImportKind(KIND, itemKind)
  const deps = { db: t.db, files: createFileStore({ uploadsDir: t.config.uploadsDir, publicBaseUrl: t.config.appUrl }) }
  t.api.openapi(createRoute({ ...importItens, middleware: [requireAuth(t.db)] as const }), async (c) => {
    const body = c.req.valid('form')
    const userId = c.get('user').id
    await requirePermission(t.db, userId, body.organizacao_id, 'produtos')
    return c.json(await acceptImport(deps, { kind: KIND, organizationId: body.organizacao_id, userId, file: body.arquivo }), 202)
  })
}

export type StoredItem = { codigo: string; nome: string; preco: number; quantidade: number | null; validade: string | null; ativo: boolean }

export async function storedItems(t: TestApi, organizationId: number): Promise<StoredItem[]> {
  const result = await t.db.execute(
    sql`select codigo, nome, preco, quantidade, to_char(validade, 'DD/MM/YYYY') as validade, ativo from itens_teste where organization_id = ${organizationId} order by codigo`,
  )
  return (result as unknown as { rows: StoredItem[] }).rows
}
