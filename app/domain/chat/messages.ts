/**
 * Texts of the chat screen (date separators included) and of the chat calls under api/chat
 * (the spec shows none, so they are ours). The API and the web app import them.
 */
export const chatMessages = {
  title: 'Chat',
  tabs: { I: 'Empresa', B: 'Bandeira', F: 'Fornecedores' },
  tabsSeller: { F: 'Clientes' },
  today: 'Hoje',
  yesterday: 'Ontem',
  noChannels: {
    I: 'Nenhum canal.',
    B: 'Sua empresa não participa de uma bandeira.',
    F: 'Nenhum fornecedor ou cliente ligado à sua empresa ainda.',
  },
  pickChannel: 'Escolha uma conversa.',
  noMessages: 'Nenhuma mensagem ainda. Diga olá!',
  placeholder: 'Escreva uma mensagem',
  send: 'Enviar',
  reply: 'Responder',
  /** The reply button's name on one's own message ('Responder a Você' is not Portuguese). */
  replyToMine: 'Responder à sua mensagem',
  replyingTo: (nome: string) => `Respondendo a ${nome}`,
  cancelReply: 'Cancelar resposta',
  highlight: 'Destacar',
  unhighlight: 'Tirar destaque',
  highlighted: 'Destacada',
  /** The names of a message's highlight button: who wrote it and when tell one message's button from the next. */
  highlightOf: (author: string | null, time: string) => (author ? `Destacar a mensagem de ${author}, ${time}` : `Destacar a sua mensagem, ${time}`),
  unhighlightOf: (author: string | null, time: string) =>
    author ? `Tirar destaque da mensagem de ${author}, ${time}` : `Tirar destaque da sua mensagem, ${time}`,
  attach: 'Anexar arquivo',
  record: 'Gravar áudio',
  stopRecording: 'Parar e enviar',
  cancelRecording: 'Cancelar gravação',
  recording: 'Gravando…',
  emoji: 'Emojis',
  panels: { perfil: 'Perfil', pesquisa: 'Pesquisar', midia: 'Mídia' },
  closePanel: 'Fechar painel',
  searchLabel: 'Pesquisar nas mensagens',
  searchEmpty: 'Nenhuma mensagem encontrada.',
  mediaEmpty: 'Nenhuma imagem, arquivo ou áudio nesta conversa.',
  members: 'Participantes',
  companies: 'Empresas',
  loadOlder: 'Mensagens anteriores',
  unread: (n: number) => `${n} ${n === 1 ? 'não lida' : 'não lidas'}`,
  /** A tab's mark: messages there wait for the company's answer (the header's notice). */
  waiting: (n: number) => `${n} aguardando resposta`,
  you: 'Você',
  removedUser: 'Usuário removido',
  audio: 'Mensagem de voz',
  image: 'Imagem',
  file: 'Arquivo',
  failedSend: 'Não foi possível enviar. Tente de novo.',
  retry: 'Tentar de novo',
  sending: 'Enviando…',
  micDenied: 'O navegador não deu acesso ao microfone.',
  noRecorder: 'Este navegador não grava áudio.',
  connection: {
    initialized: 'Conectando…',
    connecting: 'Conectando…',
    connected: 'Conectado',
    unavailable: 'Sem conexão: tentando de novo. As mensagens chegam quando voltar.',
    failed: 'Tempo real indisponível neste navegador. Recarregue a página para ver novas mensagens.',
    disconnected: 'Desconectado.',
  },
  channelTeam: (empresa: string) => `Equipe ${empresa}`,
  // API answers
  channelRequired: 'O canal é obrigatório.',
  channelInvalid: 'Canal inválido.',
  channelDenied: 'Você não participa deste canal.',
  externalNeedsPro: 'O chat externo faz parte do plano Pro.',
  messageRequired: 'Escreva uma mensagem.',
  messageTooLong: 'A mensagem deve ter no máximo 4000 caracteres.',
  clientIdInvalid: 'Identificador de envio inválido.',
  answerToInvalid: 'A mensagem respondida não existe neste canal.',
  messageInvalid: 'Mensagem inválida.',
  messageNotFound: 'Mensagem não encontrada.',
  fileRequired: 'Escolha um arquivo.',
  fileTooBig: 'O arquivo deve ter no máximo 10 MB.',
  fileBadType: 'Envie imagem (png, jpg, gif, webp), pdf, planilha, documento ou áudio.',
  audioNotAudio: 'O áudio gravado não é um arquivo de áudio.',
  durationInvalid: 'Duração do áudio inválida.',
  audioBarsInvalid: 'As barras do áudio devem ser uma lista de até 64 números de 0 a 100.',
  searchTooLong: 'A pesquisa deve ter no máximo 100 caracteres.',
  searchRequired: 'Digite o que pesquisar.',
  padraoInvalid: 'Tipo de chat inválido: use I, B ou F.',
  afterInvalid: 'Posição inválida.',
} as const

/** How a message that is not text is named in one line (reply quotes, channel list). */
export const summaryLabels = { image: chatMessages.image, file: chatMessages.file, audio: chatMessages.audio }

export type Padrao = 'I' | 'B' | 'F'
