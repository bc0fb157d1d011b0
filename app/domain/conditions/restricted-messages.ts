/**
 * The 'Condições Suspensas' modal (spec §2, the restricted-feature modal of type P), opened from the header on
 * every company screen: kept apart from the conditions screen's texts so that the layout's JavaScript carries only these.
 */
export const restrictedMessages = {
  title: 'Condições Suspensas',
  text: 'O seu plano atual não deixa as condições criadas visíveis para os clientes. Faça o upgrade do plano para que eles voltem a vê-las.',
  ok: 'Ok,entendi',
  plans: 'Ir para Planos',
}
