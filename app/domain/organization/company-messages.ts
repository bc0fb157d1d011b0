/** Texts of the company screens and calls, as the product specification gives them, and ours where it is silent. */
export const companyMessages = {
  accessEnded: 'Você não tem mais acesso à empresa que estava aberta. Escolha uma das suas organizações.',
  editNotPermitted: 'Para editar os dados da empresa, o logo e o tokenbase, peça a permissão "Editar dados da empresa" a um administrador.',
  razaoRequired: 'A razão social é obrigatória.',
  tooLong: (field: string, max: number) => `${field} deve ter no máximo ${max} caracteres.`,
  emailInvalid: 'Email inválido',
  phoneInvalid: 'Telefone inválido. Use (00) 00000-0000.',
  ufInvalid: 'UF inválida.',
  linkTypeInvalid: 'Tipo de link inválido.',
  linkRequired: 'O link não pode ficar vazio.',
  linkSiteInvalid: 'Informe o endereço do site, ex.: https://www.suaempresa.com.br.',
  linkWhatsappInvalid: 'Informe o WhatsApp com DDD, só o número: (11) 99999-9999.',
  tooManyLinks: 'Informe no máximo 10 links.',
  profileSaved: 'Dados da empresa atualizados!',
  logoSaved: 'Logo atualizado!',
  logoRemoved: 'Logo removido!',
  linkRemoved: 'Link removido!',
  logoTooBig: 'O tamanho do arquivo deve ser menor que 1MB.',
  logoType: 'O logo deve ser uma imagem PNG ou JPG.',
  flagCodeRequired: 'Código de bandeira obrigatório',
  flagCodeInvalid: 'Código de bandeira não encontrado.',
  flagAdded: 'Bandeira adicionada com sucesso!',
  flagRemoved: 'Bandeira removida com sucesso!',
  flagOnlyRetail: 'Só empresas do tipo varejo entram em uma bandeira.',
  flagAlreadyLinked: 'Esta empresa já faz parte de uma bandeira. Saia dela antes de entrar em outra.',
  flagNotLinked: 'Esta empresa não faz parte desta bandeira.',
  flagCodeRegenerated: 'Novo código de bandeira gerado!',
  flagOnlyFlags: 'Só bandeiras têm código de bandeira.',
  tokenbaseRequired: 'Código Tokenbase obrigatório',
  tokenbaseUpdated: 'Tokenbase atualizado!!!',
  notLinked: 'Você não tem acesso ao cartão de visita desta empresa.',
} as const

/** Invitations to partners (the side menu's invite item, the share modal). */
export const partnerInviteMessages = {
  nomeRequired: 'O nome da empresa é obrigatório.',
  cnpjRequired: 'O CNPJ é obrigatório.',
  cnpjInvalid: 'CNPJ inválido.',
  emailRequired: 'O Email é obrigatório.',
  emailInvalid: 'Email inválido',
  alreadyRegistered: 'Esta empresa já está cadastrada na plataforma.',
  cannotInviteSelf: 'Não é possível convidar a própria empresa.',
  sent: (email: string) => `Convite enviado para ${email}.`,
  linkCopied: 'Link copiado!',
  linkMailed: 'O link também foi enviado por e-mail. Ele vale por 30 dias.',
  notPermitted: 'Para convidar, peça a permissão "Convidar parceiros" a um administrador.',
} as const

/** The invite item of the side menu, by the inviter's type. */
export const INVITE_LABELS = { b: 'Convidar unidade', f: 'Convidar cliente', v: 'Convidar fornecedor', r: 'Convidar fornecedor' } as const
