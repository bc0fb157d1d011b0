import { authMessages } from '../auth/messages.ts'

/** Texts of creating and verifying an organization, as the product specification gives them, and ours where it is silent. */
export const organizationMessages = {
  tipoRequired: 'O tipo da organização é obrigatório.',
  tipoInvalid: 'O tipo da organização deve ser v, f, b ou r.',
  cnpjRequired: 'O CNPJ é obrigatório.',
  cnpjInvalid: 'CNPJ inválido.',
  cnpjTaken: authMessages.cnpjTaken,
  cnpjFree: 'CNPJ disponível para cadastro.',
  razaoRequired: 'A razão social é obrigatória.',
  tooLong: (label: string, max: number) => `${label} deve ter no máximo ${max} caracteres.`,
  verticalRequired: 'A vertical é obrigatória.',
  verticalInvalid: 'Vertical inválida.',
  emailInvalid: authMessages.emailInvalid,
  phoneInvalid: 'Telefone inválido. Use (00) 00000-0000.',
  cepRequired: 'O CEP é obrigatório.',
  cepInvalid: 'CEP inválido. Informe os 8 dígitos (00.000-000).',
  enderecoRequired: 'O endereço é obrigatório.',
  cepHint: 'Digite o CEP para preencher o endereço.',
  cepLooking: 'Buscando o endereço do CEP…',
  /** The lookup did not answer (the browser offline): as the API says when its outside service does not. */
  cepUnavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
  cidadeRequired: 'A cidade é obrigatória.',
  ufRequired: 'A UF é obrigatória.',
  ufInvalid: 'UF inválida.',
  created: 'Organização criada! Enviamos um código de verificação para o seu e-mail.',
  createdMailFailed: 'Organização criada, mas não foi possível enviar o código agora. Peça um novo código na tela de verificação.',
  /** Organization creation failed and the server sent no message. */
  createFailed: 'Erro ao criar organização.',
  codeRequired: 'O código de verificação é obrigatório.',
  codeFormat: 'O código tem 6 dígitos.',
  waitingVerification: 'Esta organização aguarda verificação.',
  /** Any call made for an organization whose e-mailed code was not entered yet. */
  notVerified: 'Esta organização ainda não foi verificada. Digite o código enviado por e-mail para usá-la.',
  /** A company screen opened with no organization entered. */
  enterFirst: 'Entre em uma organização para abrir esta tela.',
  /** A company screen the organization's menu does not show: its landing screen opens instead. */
  screenNotInMenu: (nome: string) => `Esta tela não faz parte do menu de ${nome}.`,
  /** A page's post or read refused: another tab of the same browser entered another company meanwhile. */
  otherTab: (page: string, current: string) => `Esta página é de ${page}, mas outra aba entrou em ${current}. Recarregue a página para continuar.`,
  /** The same when the page does not say which company it shows, or names one the user cannot open. */
  pageCompanyUnknown: (current: string) =>
    `Não foi possível confirmar de qual empresa é esta página, e a empresa aberta agora é ${current}. Recarregue a página para continuar.`,
  otherTabTitle: 'A empresa mudou em outra aba',
  reloadPage: 'Recarregar a página',
} as const

export const ORG_TYPE_DESCRIPTIONS = {
  v: 'Compra no mercado dos fornecedores e pode entrar em uma bandeira.',
  f: 'Vende produtos com condições comerciais para seus clientes.',
  b: 'Rede de lojas (franquia): reúne e acompanha suas unidades.',
  r: 'Revende produtos a clientes, com o plano Básico para começar.',
} as const

/** Rules of the e-mailed code that activates a new organization (docs/decisions/004-organization-creation.md). */
export const CODE_TTL_MS = 24 * 60 * 60 * 1000

export const MAX_CODE_ATTEMPTS = 5

export const MAX_CODES_PER_DAY = 10

export const codeMessages = {
  organizationRequired: 'A organização é obrigatória.',
  organizationInvalid: 'Organização inválida.',
  codeRequired: organizationMessages.codeRequired,
  codeFormat: organizationMessages.codeFormat,
  wrongCode: (left: number) => (left === 1 ? 'Código inválido. Resta 1 tentativa.' : `Código inválido. Restam ${left} tentativas.`),
  lastAttemptWrong: 'Código inválido. As tentativas acabaram: peça um novo código.',
  tooManyAttempts: `Este código foi bloqueado após ${MAX_CODE_ATTEMPTS} tentativas erradas. Peça um novo código.`,
  expired: 'Este código expirou. Peça um novo código.',
  noCode: 'Não há código ativo para esta organização. Peça um novo código.',
  verified: 'Organização verificada com sucesso!',
  alreadyActive: 'Esta organização já está verificada.',
  resentToYou: 'Enviamos um novo código para o seu e-mail.',
  resentToCreator: 'Enviamos um novo código para o e-mail de quem criou a organização.',
  resendTooSoon: (seconds: number) => `Aguarde ${seconds} segundo${seconds === 1 ? '' : 's'} para pedir um novo código.`,
  dailyLimit: 'Limite de códigos por dia atingido para esta organização. Tente novamente amanhã.',
  mailFailed: 'Não foi possível enviar o e-mail com o código agora. Peça um novo código em instantes.',
} as const
