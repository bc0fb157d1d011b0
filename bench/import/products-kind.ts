import { sql } from 'drizzle-orm'
import { integerCell, moneyCell, requiredCell, textCell } from '../../app/domain/spreadsheets/cells.ts'
import type { CellValue, SheetSpec } from '../../app/domain/spreadsheets/sheet.ts'
import type { ImportKind } from '../../server/spreadsheets/import-kind.ts'

/**
 * A product sheet for the benchmarks, on the real `products` table: EAN, code, name, brand,
 * category, NCM, price, unit, pack. The products area's own kind replaces it once it is on main;
 * until then this one does the same work (parse every cell, upsert by EAN in batches).
 */
export type BenchProduct = { ean: string; codigo: string | null; nome: string; marca: string | null; categoria: string | null; ncm: string | null; precoCentavos: number; unidade: string | null; embalagem: number | null }

const digits = (length: number) => (cell: CellValue) => {
  const parsed = textCell({ max: length })(cell)
  if (!parsed.ok || parsed.value === null) return parsed
  const value = parsed.value.replace(/\D/g, '')
  return value.length === length ? { ok: true as const, value } : { ok: false as const, reason: `Deve ter ${length} dígitos.` }
}

export const benchProductSpec: SheetSpec<BenchProduct> = {
  kind: 'produtos_bench',
  sheetName: 'Produtos',
  fileName: 'produtos',
  columns: [
    { key: 'ean', header: 'EAN', required: true, format: 'text', parse: requiredCell(digits(13)), write: (r) => r.ean, example: '7891234567895' },
    { key: 'codigo', header: 'Código', format: 'text', parse: textCell({ max: 40 }), write: (r) => r.codigo, example: 'SAB-001' },
    { key: 'nome', header: 'Nome', required: true, format: 'text', width: 40, parse: requiredCell(textCell({ max: 200 })), write: (r) => r.nome, example: 'Sabão em pó 1 kg' },
    { key: 'marca', header: 'Marca', format: 'text', parse: textCell({ max: 80 }), write: (r) => r.marca, example: 'Limpa Bem' },
    { key: 'categoria', header: 'Categoria', format: 'text', parse: textCell({ max: 80 }), write: (r) => r.categoria, example: 'Limpeza' },
    { key: 'ncm', header: 'NCM', format: 'text', parse: digits(8), write: (r) => r.ncm, example: '3402.20.00' },
    { key: 'precoCentavos', header: 'Preço', required: true, format: 'money', parse: requiredCell(moneyCell({ maxCentavos: 1_000_000_00 })), write: (r) => r.precoCentavos / 100, example: 12.9 },
    { key: 'unidade', header: 'Unidade', format: 'text', parse: textCell({ max: 10 }), write: (r) => r.unidade, example: 'UN' },
    { key: 'embalagem', header: 'Embalagem', format: 'integer', parse: integerCell({ min: 1, max: 10_000 }), write: (r) => r.embalagem, example: 12 },
  ],
}

export const benchProductKind: ImportKind<BenchProduct> = {
  spec: benchProductSpec,
  permission: 'produtos',
  // One statement per batch with one array per column (unnest): PostgreSQL parses 10 parameters
  // instead of 10 per row, and the driver sends them in one go. Measured 3× faster than a
  // multi-row VALUES built by drizzle for the same 100,000 rows.
  async store(tx, organizationId, batch) {
    const column = <K extends keyof BenchProduct>(key: K) => sql.param(batch.map(({ row }) => row[key] ?? null))
    const result = await tx.execute<{ inserted: boolean }>(sql`
      insert into products (organization_id, ean, codigo, nome, marca, categoria, ncm, preco_centavos, unidade, embalagem)
      select ${organizationId}, ean, codigo, nome, marca, categoria, ncm, preco, coalesce(unidade, 'UN'), coalesce(embalagem, 1)
      from unnest(${column('ean')}::text[], ${column('codigo')}::text[], ${column('nome')}::text[], ${column('marca')}::text[],
        ${column('categoria')}::text[], ${column('ncm')}::text[], ${column('precoCentavos')}::int[], ${column('unidade')}::text[],
        ${column('embalagem')}::int[]) as r(ean, codigo, nome, marca, categoria, ncm, preco, unidade, embalagem)
      on conflict (organization_id, ean) where ean is not null do update set
        codigo = excluded.codigo, nome = excluded.nome, marca = excluded.marca, categoria = excluded.categoria, ncm = excluded.ncm,
        preco_centavos = excluded.preco_centavos, unidade = excluded.unidade, embalagem = excluded.embalagem, updated_at = now()
      returning (xmax = 0) as inserted`)
    const rows = (result as unknown as { rows: { inserted: boolean }[] }).rows
    const criadas = rows.filter((r) => r.inserted).length
    return { criadas, atualizadas: rows.length - criadas }
  },
}

/** EAN-13 with its check digit, from 12 digits. */
export function ean13(base: string) {
  const sum = [...base].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0)
  return `${base}${(10 - (sum % 10)) % 10}`
}

const BRANDS = ['Limpa Bem', 'Sol Nascente', 'Vida Boa', 'Casa Forte', 'Bom Preço', 'Naturale', 'Higiex', 'Brilho']
const CATEGORIES = ['Limpeza', 'Higiene', 'Mercearia', 'Bebidas', 'Farmácia', 'Perfumaria', 'Papelaria']
const ITEMS = ['Sabão em pó', 'Detergente', 'Amaciante', 'Água sanitária', 'Shampoo', 'Sabonete', 'Café torrado', 'Açúcar refinado', 'Arroz tipo 1', 'Feijão carioca']
const UNITS = ['UN', 'CX', 'PCT', 'FD']

/** The i-th product of the benchmarks' catalogue: real-looking, deterministic. */
export function benchProduct(i: number): BenchProduct {
  return {
    ean: ean13(`789${String(i).padStart(9, '0')}`),
    codigo: `P${String(i).padStart(7, '0')}`,
    nome: `${ITEMS[i % ITEMS.length]} ${100 + (i % 900)} g ${i}`,
    marca: BRANDS[i % BRANDS.length],
    categoria: CATEGORIES[i % CATEGORIES.length],
    ncm: String(34022000 + (i % 97)).padStart(8, '0'),
    precoCentavos: 199 + ((i * 37) % 50_000),
    unidade: UNITS[i % UNITS.length],
    embalagem: 1 + (i % 24),
  }
}
