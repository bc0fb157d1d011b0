import { and, count, eq } from 'drizzle-orm'
import { withEanCheckDigit } from '../../app/domain/catalog/ean.ts'
import type { Db } from './client.ts'
import { organizations, products } from './schema/index.ts'

/**
 * The demo catalogue of Distribuidora Sol, a pharmacy and drugstore distributor: about 300 products
 * (medicines, dermocosmetics, hygiene, babies, first aid) with real-looking brands, categories, NCMs
 * and EAN-13s whose check digits are computed. Always the same: a seeded generator, no Math.random.
 * Runs on a new demo database and on one seeded before products existed; never twice.
 */
type Family = {
  categoria: string
  ncm: string
  unidade: string
  /** The product's name for each variant (dose, size, pack). */
  variants: readonly string[]
  brands: readonly string[]
  /** Price of the first variant, in centavos; later variants cost more. */
  base: number
  embalagem: number
  /** Share of products sold with tax on top. */
  taxed: number
}

const GENERICS = ['EMS', 'Medley', 'Neo Química', 'Eurofarma', 'Prati-Donaduzzi', 'Germed', 'Cimed']

const FAMILIES: readonly Family[] = [
  { categoria: 'Analgésicos', ncm: '30049099', unidade: 'CX', variants: ['Dipirona Sódica 500 mg 10 comprimidos', 'Dipirona Sódica 500 mg 30 comprimidos', 'Dipirona Sódica 1 g 10 comprimidos', 'Dipirona Gotas 500 mg/ml 20 ml'], brands: GENERICS, base: 490, embalagem: 50, taxed: 0 },
  { categoria: 'Analgésicos', ncm: '30049099', unidade: 'CX', variants: ['Paracetamol 500 mg 20 comprimidos', 'Paracetamol 750 mg 20 comprimidos', 'Paracetamol Gotas 200 mg/ml 15 ml'], brands: GENERICS, base: 590, embalagem: 50, taxed: 0 },
  { categoria: 'Anti-inflamatórios', ncm: '30049099', unidade: 'CX', variants: ['Ibuprofeno 400 mg 10 cápsulas', 'Ibuprofeno 600 mg 20 comprimidos', 'Nimesulida 100 mg 12 comprimidos'], brands: GENERICS, base: 890, embalagem: 40, taxed: 0 },
  { categoria: 'Antibióticos', ncm: '30041012', unidade: 'CX', variants: ['Amoxicilina 500 mg 21 cápsulas', 'Azitromicina 500 mg 3 comprimidos', 'Cefalexina 500 mg 8 cápsulas'], brands: GENERICS.slice(0, 5), base: 1890, embalagem: 30, taxed: 0 },
  { categoria: 'Cardiovascular', ncm: '30049069', unidade: 'CX', variants: ['Losartana Potássica 50 mg 30 comprimidos', 'Atenolol 50 mg 30 comprimidos', 'Anlodipino 5 mg 30 comprimidos'], brands: GENERICS.slice(0, 5), base: 990, embalagem: 60, taxed: 0 },
  { categoria: 'Diabetes', ncm: '30049069', unidade: 'CX', variants: ['Metformina 850 mg 30 comprimidos', 'Glibenclamida 5 mg 30 comprimidos'], brands: GENERICS.slice(1, 6), base: 790, embalagem: 60, taxed: 0 },
  { categoria: 'Gastrointestinal', ncm: '30049099', unidade: 'CX', variants: ['Omeprazol 20 mg 28 cápsulas', 'Simeticona 40 mg 20 comprimidos', 'Bromoprida Gotas 4 mg/ml 20 ml'], brands: GENERICS.slice(0, 5), base: 1190, embalagem: 40, taxed: 0 },
  { categoria: 'Antialérgicos', ncm: '30049099', unidade: 'CX', variants: ['Loratadina 10 mg 12 comprimidos', 'Desloratadina Xarope 60 ml'], brands: GENERICS.slice(2, 7), base: 1090, embalagem: 40, taxed: 0 },
  { categoria: 'Dermocosméticos', ncm: '33049990', unidade: 'UN', variants: ['Protetor Solar FPS 30 120 ml', 'Protetor Solar FPS 50 120 ml', 'Protetor Solar Facial FPS 70 50 g'], brands: ['Sundown', 'Neutrogena', 'Episol', 'Nivea Sun', 'La Roche-Posay'], base: 3990, embalagem: 12, taxed: 0.6 },
  { categoria: 'Dermocosméticos', ncm: '33049910', unidade: 'UN', variants: ['Hidratante Corporal 200 ml', 'Hidratante Corporal 400 ml', 'Creme para as Mãos 75 g'], brands: ['Nivea', 'Dove', 'Monange', 'Cetaphil', 'Neutrogena'], base: 1490, embalagem: 12, taxed: 0.6 },
  { categoria: 'Higiene Pessoal', ncm: '34011190', unidade: 'UN', variants: ['Sabonete em Barra 90 g', 'Sabonete Glicerinado 80 g', 'Sabonete Líquido 250 ml'], brands: ['Dove', 'Lux', 'Protex', 'Granado', 'Phebo'], base: 290, embalagem: 48, taxed: 0.4 },
  { categoria: 'Higiene Pessoal', ncm: '33051000', unidade: 'UN', variants: ['Shampoo 350 ml', 'Condicionador 350 ml', 'Shampoo Anticaspa 200 ml'], brands: ['Pantene', 'Seda', 'Elseve', 'Head & Shoulders', 'Clear'], base: 1290, embalagem: 24, taxed: 0.4 },
  { categoria: 'Higiene Bucal', ncm: '33061000', unidade: 'UN', variants: ['Creme Dental 90 g', 'Creme Dental Branqueador 70 g', 'Enxaguante Bucal 500 ml'], brands: ['Colgate', 'Sorriso', 'Oral-B', 'Close Up'], base: 390, embalagem: 72, taxed: 0.4 },
  { categoria: 'Higiene Bucal', ncm: '96032100', unidade: 'UN', variants: ['Escova Dental Macia', 'Escova Dental Média', 'Fio Dental 50 m'], brands: ['Colgate', 'Oral-B', 'Condor'], base: 590, embalagem: 72, taxed: 0.4 },
  { categoria: 'Desodorantes', ncm: '33072010', unidade: 'UN', variants: ['Desodorante Aerossol 150 ml', 'Desodorante Roll-on 50 ml'], brands: ['Rexona', 'Dove', 'Nivea', 'Axe', 'Monange'], base: 1090, embalagem: 24, taxed: 0.4 },
  { categoria: 'Bebês', ncm: '96190000', unidade: 'PCT', variants: ['Fralda Infantil P 40 unidades', 'Fralda Infantil M 36 unidades', 'Fralda Infantil G 32 unidades', 'Fralda Infantil XG 28 unidades'], brands: ['Pampers', 'Huggies', 'Turma da Mônica', 'MamyPoko'], base: 3990, embalagem: 4, taxed: 0.2 },
  { categoria: 'Higiene Íntima', ncm: '96190000', unidade: 'PCT', variants: ['Absorvente com Abas 8 unidades', 'Protetor Diário 40 unidades'], brands: ['Always', 'Intimus', 'Carefree'], base: 590, embalagem: 24, taxed: 0.2 },
  { categoria: 'Primeiros Socorros', ncm: '30051090', unidade: 'CX', variants: ['Curativo Adesivo 35 unidades', 'Curativo Transparente 10 unidades', 'Esparadrapo 10 cm x 4,5 m'], brands: ['Band-Aid', 'Nexcare', 'Cremer', 'Missner'], base: 690, embalagem: 24, taxed: 0.1 },
  { categoria: 'Primeiros Socorros', ncm: '30059090', unidade: 'PCT', variants: ['Gaze Estéril 7,5 cm 10 unidades', 'Atadura de Crepom 10 cm'], brands: ['Cremer', 'Missner', 'América Medical'], base: 290, embalagem: 50, taxed: 0.1 },
  { categoria: 'Vitaminas e Suplementos', ncm: '21069030', unidade: 'UN', variants: ['Vitamina C 1 g 10 comprimidos efervescentes', 'Polivitamínico A-Z 30 comprimidos', 'Vitamina D3 2.000 UI 30 cápsulas'], brands: ['Redoxon', 'Centrum', 'Cimed', 'Addera', 'Lavitan'], base: 1990, embalagem: 24, taxed: 0.5 },
  { categoria: 'Saúde', ncm: '90251110', unidade: 'UN', variants: ['Termômetro Clínico Digital'], brands: ['G-Tech', 'Incoterm', 'Omron'], base: 1990, embalagem: 12, taxed: 0.5 },
  { categoria: 'Saúde', ncm: '40141000', unidade: 'CX', variants: ['Preservativo Lubrificado 3 unidades', 'Preservativo Ultrafino 6 unidades'], brands: ['Jontex', 'Olla', 'Prudence'], base: 590, embalagem: 48, taxed: 0.5 },
]

/** mulberry32: a small seeded generator, so every demo database gets the same catalogue. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = Math.imul(state ^ (state >>> 15), 1 | state)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The demo products, always the same list. */
export function demoProducts() {
  const random = seeded(20_260_701)
  const brandPrefix = new Map<string, number>()
  const rows: Omit<typeof products.$inferInsert, 'organizationId'>[] = []
  for (const family of FAMILIES) {
    for (const marca of family.brands) {
      // Each brand has its GS1 company prefix (789 = Brazil, then four digits); items are numbered under it.
      if (!brandPrefix.has(marca)) brandPrefix.set(marca, 1000 + brandPrefix.size * 37)
      family.variants.forEach((variant, index) => {
        const item = rows.length + 1
        const raw = family.base * (1 + index * 0.35) * (0.85 + random() * 0.4)
        // Prices end in ,90 or ,49 as price lists do.
        const reais = Math.max(1, Math.floor(raw / 100))
        const precoCentavos = reais * 100 + (random() < 0.7 ? 90 : 49)
        rows.push({
          ean: withEanCheckDigit(`789${brandPrefix.get(marca)}${String(item).padStart(5, '0')}`),
          codigo: `SOL-${String(item).padStart(5, '0')}`,
          nome: `${variant} ${marca}`,
          marca,
          categoria: family.categoria,
          ncm: family.ncm,
          precoCentavos,
          unidade: family.unidade,
          embalagem: family.embalagem,
          ativo: random() >= 0.06,
          imposto: random() < family.taxed,
        })
      })
    }
  }
  return rows
}

export async function seedProducts(db: Db) {
  const [sol] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.nome, 'Distribuidora Sol'), eq(organizations.tipo, 'f')))
  if (!sol) return
  const [{ existing }] = await db.select({ existing: count() }).from(products).where(eq(products.organizationId, sol.id))
  if (existing > 0) return
  await db.insert(products).values(demoProducts().map((p) => ({ ...p, organizationId: sol.id })))
}
