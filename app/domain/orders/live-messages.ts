/**
 * What a screen reader hears when an order of the organization arrives or changes while a page is open. Apart from
 * messages.ts: every company screen loads these (the order counters), only the order screens the rest.
 */
export const orderLiveMessages = {
  created: (id: number) => `Novo pedido nº ${id}.`,
  changed: (id: number, status: string) => `Pedido nº ${id}: ${status}.`,
}
