import type { ProductRow } from '../../app/domain/catalog/product-sheet.ts'

/** The benchmarks' catalogue: real-looking, deterministic products (the products area's own sheet and kind import them). */

/** EAN-13 with its check digit, from 12 digits. */
export function ean13(base: string) {
  const sum = [...base].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0)
  return `${base}${(10 - (sum % 10)) % 10}`
}

const BRANDS = ['Limpa Bem', 'Sol Nascente', 'Vida Boa', 'Casa Forte', 'Bom Preço', 'Naturale', 'Higiex', 'Brilho']
const CATEGORIES = ['Limpeza', 'Higiene', 'Mercearia', 'Bebidas', 'Farmácia', 'Perfumaria', 'Papelaria']
const ITEMS = ['Sabão em pó', 'Detergente', 'Amaciante', 'Água sanitária', 'Shampoo', 'Sabonete', 'Café torrado', 'Açúcar refinado', 'Arroz tipo 1', 'Feijão carioca']
const UNITS = ['UN', 'CX', 'PCT', 'FD']

/** The i-th product: EAN, code, name, brand, category, NCM, price, unit, pack. */
export function benchProduct(i: number): ProductRow {
  return {
    ean: ean13(`789${String(i).padStart(9, '0')}`),
    codigo: `P${String(i).padStart(7, '0')}`,
    nome: `${ITEMS[i % ITEMS.length]} ${100 + (i % 900)} g ${i}`,
    marca: BRANDS[i % BRANDS.length],
    categoria: CATEGORIES[i % CATEGORIES.length],
    ncm: String(34022000 + (i % 97)).padStart(8, '0'),
    preco_centavos: 199 + ((i * 37) % 50_000),
    unidade: UNITS[i % UNITS.length],
    embalagem: 1 + (i % 24),
    ativo: true,
    imposto: i % 3 === 0,
  }
}
