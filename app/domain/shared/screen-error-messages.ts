/** What a company screen says when it cannot open (its error boundary, inside the shell). */
export const screenErrorMessages = {
  title: (status: number) => (status === 404 ? 'Não encontrado' : status === 403 ? 'Sem acesso' : 'Não foi possível abrir esta tela'),
  fallback: (status: number) =>
    status === 404
      ? 'O que você procurou não existe mais ou o endereço está incompleto.'
      : status === 403
        ? 'Você não tem acesso a isto com a empresa em que está.'
        : 'Algo deu errado ao abrir esta tela. Tente novamente em instantes; o resto do sistema continua funcionando.',
  retry: 'Tentar de novo',
} as const
