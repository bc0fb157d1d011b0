/** The header's cart link name (kept apart so every company screen ships only this line). */
export const cartLinkName = (n: number) => (n === 0 ? 'Carrinho, vazio' : n === 1 ? 'Carrinho, 1 item' : `Carrinho, ${n} itens`)
