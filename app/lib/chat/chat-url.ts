import type { Padrao } from '../../domain/chat/messages.ts'

/** The chat page's address holds what is open, so every view works without JavaScript and can be linked. */
export type ChatView = {
  tipo: Padrao
  canal: number | null
  painel: 'perfil' | 'pesquisa' | 'midia' | null
  q: string
  busca: string
  pagina: number
  antes: number | null
  responder: number | null
}

const PANELS = ['perfil', 'pesquisa', 'midia'] as const
const id = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null)

export function readChatView(params: URLSearchParams): ChatView {
  const tipo = params.get('tipo')
  const painel = params.get('painel')
  return {
    tipo: tipo === 'B' || tipo === 'F' ? tipo : 'I',
    canal: id(params.get('canal')),
    painel: (PANELS as readonly string[]).includes(painel ?? '') ? (painel as ChatView['painel']) : null,
    q: (params.get('q') ?? '').slice(0, 100),
    busca: (params.get('busca') ?? '').slice(0, 100),
    pagina: id(params.get('pagina')) ?? 1,
    antes: id(params.get('antes')),
    responder: id(params.get('responder')),
  }
}

/** The address of a view; unset or default values are left out. */
export function chatHref(view: Partial<ChatView>): string {
  const params = new URLSearchParams()
  if (view.tipo && view.tipo !== 'I') params.set('tipo', view.tipo)
  if (view.busca) params.set('busca', view.busca)
  if (view.pagina && view.pagina > 1) params.set('pagina', String(view.pagina))
  if (view.canal) params.set('canal', String(view.canal))
  if (view.painel) params.set('painel', view.painel)
  if (view.q) params.set('q', view.q)
  if (view.antes) params.set('antes', String(view.antes))
  if (view.responder) params.set('responder', String(view.responder))
  const query = params.toString()
  return query ? `/Chat?${query}` : '/Chat'
}
