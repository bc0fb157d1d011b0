/**
 * The restricted-feature modal: 'Condições Suspensas' (its type P), opened from the header on every company
 * screen, and 'Acesso restrito' (any other type: a feature the plan does not include, e.g. one more order e-mail).
 * Kept apart from the screens' texts so that the layout's JavaScript carries only these.
 */
export const restrictedMessages = {
  title: 'Condições Suspensas',
  text: 'O seu plano atual não deixa as condições criadas visíveis para os clientes. Faça o upgrade do plano para que eles voltem a vê-las.',
  restrictedTitle: 'Acesso restrito',
  restrictedText: 'Este recurso não faz parte do seu plano atual. Faça o upgrade do plano para usá-lo.',
  ok: 'Ok,entendi',
  plans: 'Ir para Planos',
}
