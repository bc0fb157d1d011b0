import type { Condition } from './access.ts'

/** A condition as the calls answer it (CondicaoSchema). */
export const conditionAnswer = (c: Condition) => ({
  id: c.id,
  organizacao_id: c.organizationId,
  nome: c.nome,
  tipo_tabela: c.tipoTabela as 'D' | 'L',
  inicio: c.inicio,
  fim: c.fim,
  ativo: c.ativo,
  visivel: c.visivel,
  minimo_valor_centavos: c.minimoValorCentavos,
  minimo_quantidade: c.minimoQuantidade,
  colunas: c.colunas,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
})
