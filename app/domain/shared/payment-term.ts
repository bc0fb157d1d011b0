/** A payment term's days as every screen says them: 'à vista', '1 dia', '28 dias'. */
export const termDays = (dias: number) => (dias === 0 ? 'à vista' : dias === 1 ? '1 dia' : `${dias} dias`)

/**
 * A term's name with its days, unless the name says them already (or they are not known: an order kept only the
 * name): 'Pix (à vista)', 'Boleto 28 dias', not 'Boleto 28 dias (28 dias)'.
 */
export const termLabel = (nome: string, dias: number | null) => (dias === null || nome.toLowerCase().includes(termDays(dias)) ? nome : `${nome} (${termDays(dias)})`)

/** The same at the start of a table cell: 'À vista'. */
export const termDaysCell = (dias: number) => (dias === 0 ? 'À vista' : termDays(dias))
