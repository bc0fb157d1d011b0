import { and, eq, inArray, sql } from 'drizzle-orm'
import { conditionProductsMessages as m } from '../../../../app/domain/conditions/products-messages.ts'
import { quantityProblem } from '../../../../app/domain/conditions/products-schemas.ts'
import { conditionLineSheet, type ConditionLineRow } from '../../../../app/domain/conditions/products-sheet.ts'
import type { Tx } from '../../../db/client.ts'
import { conditionProducts, conditions, products } from '../../../db/schema/index.ts'
import type { ImportKind, ParsedRow, RowProblem } from '../../../spreadsheets/import-kind.ts'
import { productsIdentified } from '../../products/identified.ts'

/** Rows per statement: 1,000 rows × 8 values stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000

const header = (key: keyof ConditionLineRow) => conditionLineSheet.columns.find((c) => c.key === key)!.header

type Line = typeof conditionProducts.$inferSelect

/** What one import has seen, per transaction (the engine runs every batch of a file in one). */
type Seen = { tipoTabela: string; keys: Map<string, number> }
const seenByImport = new WeakMap<Tx, Seen>()

async function seenFor(tx: Tx, conditionId: number) {
  let seen = seenByImport.get(tx)
  if (!seen) {
    const [condition] = await tx.select({ tipoTabela: conditions.tipoTabela }).from(conditions).where(eq(conditions.id, conditionId))
    seenByImport.set(tx, (seen = { tipoTabela: condition?.tipoTabela ?? 'D', keys: new Map() }))
  }
  return seen
}

/** The seller's products the rows name by EAN or code, and their lines in the condition. */
async function lookup(tx: Tx, sellerId: number, conditionId: number, rows: ConditionLineRow[]) {
  const eans = rows.flatMap((r) => (r.ean ? [r.ean] : []))
  const codes = rows.flatMap((r) => (r.codigo ? [r.codigo] : []))
  const lines = new Map<number, Line>()
  const { byEan, byCode, found } = await productsIdentified(tx, sellerId, eans, codes)
  if (found.length) {
    const existing = await tx
      .select()
      .from(conditionProducts)
      .where(and(eq(conditionProducts.conditionId, conditionId), inArray(conditionProducts.productId, found.map((p) => p.id))))
    for (const line of existing) lines.set(line.productId, line)
  }
  return { byEan, byCode, lines }
}

type Found = Awaited<ReturnType<typeof lookup>>

/** The product a row names: by EAN, else by code; `conflict` when both name different products. */
function targetOf(row: ConditionLineRow, found: Found) {
  const byEan = row.ean ? found.byEan.get(row.ean) : undefined
  const byCode = row.codigo ? found.byCode.get(row.codigo) : undefined
  if (byEan && byCode && byEan.id !== byCode.id) return { conflict: byCode }
  return { target: byEan ?? byCode }
}

/**
 * The line as the row leaves it: a column the file has sets its value, an empty cell keeps the line's
 * (a new line's defaults: no discount, no net price, 1 to no maximum, multiple 1, no tax, active),
 * except 'Qtd máxima', whose empty cell means no maximum. 'D' reads Desconto and 'L' Preço líquido;
 * the other column is ignored, so a condition's own export imports back as it is.
 */
function merged(row: ConditionLineRow, tipoTabela: string, line: Line | undefined) {
  return {
    desconto: (tipoTabela === 'D' ? row.desconto : null) ?? line?.desconto ?? '0',
    precoLiquidoCentavos: (tipoTabela === 'L' ? row.preco_liquido_centavos : null) ?? line?.precoLiquidoCentavos ?? null,
    qtdMin: row.qtd_min ?? line?.qtdMin ?? 1,
    qtdMax: row.qtd_max !== undefined ? row.qtd_max : (line?.qtdMax ?? null),
    multiplo: row.multiplo ?? line?.multiplo ?? 1,
    imposto: row.imposto ?? line?.imposto ?? false,
    ativo: row.ativo ?? line?.ativo ?? true,
  }
}

/** A line the row leaves as it was is not written, nor counted as updated (the discount compared as a number: '10' is '10.0000'). */
const unchanged = (line: Line, v: ReturnType<typeof merged>) =>
  Number(line.desconto) === Number(v.desconto) &&
  line.precoLiquidoCentavos === v.precoLiquidoCentavos &&
  line.qtdMin === v.qtdMin &&
  line.qtdMax === v.qtdMax &&
  line.multiplo === v.multiplo &&
  line.imposto === v.imposto &&
  line.ativo === v.ativo

function* chunks<T>(items: T[]) {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK)
}

const NEEDED_FOR_NEW: (keyof ConditionLineRow)[] = ['nome', 'preco_tabela_centavos']

async function check(tx: Tx, sellerId: number, batch: ParsedRow<ConditionLineRow>[], conditionId: number, createMissing: boolean): Promise<RowProblem[]> {
  const seen = await seenFor(tx, conditionId)
  const problems: RowProblem[] = []
  for (const part of chunks(batch)) {
    const found = await lookup(tx, sellerId, conditionId, part.map((p) => p.row))
    for (const { linha, row } of part) {
      if (!row.ean && !row.codigo) {
        problems.push({ linha, coluna: header('ean'), valor: '', motivo: m.identifierRequired })
        continue
      }
      const { target, conflict } = targetOf(row, found)
      if (conflict) {
        problems.push({ linha, coluna: header('codigo'), valor: row.codigo ?? '', motivo: m.codeOfOther(conflict.nome) })
        continue
      }
      const key = target ? `p${target.id}` : row.ean ? `e${row.ean}` : `c${row.codigo}`
      const first = seen.keys.get(key)
      if (first !== undefined) {
        problems.push({ linha, coluna: header(row.ean ? 'ean' : 'codigo'), valor: (row.ean ?? row.codigo)!, motivo: m.repeatedProduct(first) })
        continue
      }
      seen.keys.set(key, linha)
      if (!target) {
        if (!createMissing) problems.push({ linha, coluna: header(row.ean ? 'ean' : 'codigo'), valor: (row.ean ?? row.codigo)!, motivo: m.notInCatalog })
        else for (const k of NEEDED_FOR_NEW) if (row[k] == null) problems.push({ linha, coluna: header(k), valor: '', motivo: m.newProductNeeds(header(k)) })
      }
      const q = merged(row, seen.tipoTabela, target ? found.lines.get(target.id) : undefined)
      const problem = quantityProblem({ qtd_min: q.qtdMin, qtd_max: q.qtdMax, multiplo: q.multiplo })
      if (problem) {
        const key = problem.field === 'qtd_min' ? 'qtd_min' : 'qtd_max'
        problems.push({ linha, coluna: header(key), valor: String((key === 'qtd_min' ? q.qtdMin : q.qtdMax) ?? ''), motivo: problem.message })
      }
    }
  }
  return problems.sort((a, b) => a.linha - b.linha)
}

async function store(tx: Tx, sellerId: number, batch: ParsedRow<ConditionLineRow>[], conditionId: number, createMissing: boolean) {
  const { tipoTabela } = await seenFor(tx, conditionId)
  let criadas = 0
  let atualizadas = 0
  for (const part of chunks(batch)) {
    const rows = part.map((p) => p.row)
    let found = await lookup(tx, sellerId, conditionId, rows)
    if (createMissing) {
      // check() made sure each of these has a name and a list price (and a valid EAN or code).
      const missing = rows.filter((r) => !targetOf(r, found).target)
      if (missing.length) {
        await tx.insert(products).values(
          missing.map((r) => ({
            organizationId: sellerId,
            ean: r.ean,
            codigo: r.codigo,
            nome: r.nome!,
            marca: r.marca ?? null,
            categoria: r.categoria ?? null,
            precoCentavos: r.preco_tabela_centavos!,
          })),
        )
        found = await lookup(tx, sellerId, conditionId, rows)
      }
    }
    const inserts: (typeof conditionProducts.$inferInsert)[] = []
    const updates: { id: number; values: ReturnType<typeof merged> }[] = []
    for (const row of rows) {
      const target = targetOf(row, found).target!
      const line = found.lines.get(target.id)
      const values = merged(row, tipoTabela, line)
      if (line) {
        if (!unchanged(line, values)) updates.push({ id: line.id, values })
      }
      else inserts.push({ conditionId, productId: target.id, ...values })
    }
    if (inserts.length) await tx.insert(conditionProducts).values(inserts)
    if (updates.length) {
      const values = sql.join(
        updates.map(
          ({ id, values: v }) =>
            sql`(${id}::integer, ${v.desconto}::numeric, ${v.precoLiquidoCentavos}::integer, ${v.qtdMin}::integer, ${v.qtdMax}::integer, ${v.multiplo}::integer, ${v.imposto}::boolean, ${v.ativo}::boolean)`,
        ),
        sql`, `,
      )
      await tx.execute(sql`
        update condition_products l set desconto = v.desconto, preco_liquido_centavos = v.preco, qtd_min = v.qtd_min, qtd_max = v.qtd_max,
          multiplo = v.multiplo, imposto = v.imposto, ativo = v.ativo, updated_at = now()
        from (values ${values}) as v(id, desconto, preco, qtd_min, qtd_max, multiplo, imposto, ativo)
        where l.id = v.id`)
    }
    criadas += inserts.length
    atualizadas += updates.length
  }
  return { criadas, atualizadas }
}

/** A refusal only for products missing from the catalogue may be run again creating them (importSemCadastro). */
const onlyMissingProducts = (problems: RowProblem[], total: number) => total > 0 && total === problems.length && problems.every((p) => p.motivo === m.notInCatalog)

const scoped = (scope: number | null | undefined) => {
  if (!scope) throw new Error('Importação de condição sem a condição.')
  return scope
}

/** The upload (importCondicaoList): a product missing from the catalogue refuses the file. Jobs 'condicao:{id}'. */
export const conditionLineImport: ImportKind<ConditionLineRow> = {
  spec: conditionLineSheet,
  permission: 'condicoes',
  check: (tx, sellerId, batch, scope) => check(tx, sellerId, batch, scoped(scope), false),
  store: (tx, sellerId, batch, scope) => store(tx, sellerId, batch, scoped(scope), false),
  keepFileWhenRefused: onlyMissingProducts,
}

/**
 * The same file run again by importSemCadastro ('condicao_novos:{id}'): a product missing from the catalogue
 * is created from the row's own columns (name and list price required, brand and category taken when given).
 */
export const conditionLineImportCreating: ImportKind<ConditionLineRow> = {
  spec: { ...conditionLineSheet, kind: 'condicao_novos' },
  permission: 'condicoes',
  check: (tx, sellerId, batch, scope) => check(tx, sellerId, batch, scoped(scope), true),
  store: (tx, sellerId, batch, scope) => store(tx, sellerId, batch, scoped(scope), true),
}
