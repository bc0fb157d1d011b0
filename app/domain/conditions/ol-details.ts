/**
 * The address of /olDetails: a condition as one of its OLs serves it. The OL's name, the seller and
 * the discount are there to be read (the page shows the server's values); the two ids decide.
 */
export function olDetailsPath(ol: { organizacao_id: number; nome: string; desconto_extra: string }, condition: { id: number; organizacao_id: number }) {
  const name = encodeURIComponent(ol.nome.slice(0, 80) || 'ol')
  return `/olDetails/${ol.organizacao_id}/${name}/${condition.organizacao_id}/${condition.id}/${encodeURIComponent(ol.desconto_extra)}`
}
