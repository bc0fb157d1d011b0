/**
 * The permission catalogue of team roles (cargos). Admins hold every permission;
 * other members hold those of their role. The API enforces them
 * (server/api/organizations/membership.ts).
 */
export const PERMISSIONS = [
  { id: 'equipe', nome: 'Gerenciar equipe', descricao: 'Convidar, alterar e remover membros; criar e editar cargos' },
  { id: 'empresa', nome: 'Editar dados da empresa', descricao: 'Perfil, cartão de visita, bandeira e tokenbase' },
  { id: 'convites', nome: 'Convidar parceiros', descricao: 'Convidar clientes, fornecedores e unidades' },
  { id: 'produtos', nome: 'Gerenciar produtos', descricao: 'Cadastrar, importar e editar produtos' },
  { id: 'condicoes', nome: 'Gerenciar condições', descricao: 'Criar e editar condições comerciais' },
  { id: 'clientes', nome: 'Gerenciar clientes', descricao: 'Cadastrar, bloquear e importar clientes' },
  { id: 'pedidos_ver', nome: 'Ver pedidos', descricao: 'Ver os pedidos da empresa' },
  { id: 'pedidos_status', nome: 'Mudar situação de pedidos', descricao: 'Faturar, negar ou faturar com quebra' },
  { id: 'cobranca', nome: 'Gerenciar plano e cobrança', descricao: 'Trocar de plano, ver cobranças e e-mails de cobrança' },
] as const

export type PermissionId = (typeof PERMISSIONS)[number]['id']

export const PERMISSION_IDS = PERMISSIONS.map((p) => p.id) as [PermissionId, ...PermissionId[]]
