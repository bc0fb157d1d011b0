/**
 * The permission catalogue of team roles (cargos). Admins hold every permission;
 * other members hold those of their role. The API enforces them
 * (server/api/organizations/membership.ts). Reading an area takes its 'Ver' permission or its
 * 'Gerenciar' one (area-readers.ts).
 */
export const PERMISSIONS = [
  { id: 'equipe', nome: 'Gerenciar equipe', descricao: 'Convidar, alterar e remover membros; criar e editar cargos' },
  { id: 'empresa', nome: 'Editar dados da empresa', descricao: 'Perfil, cartão de visita, bandeira e tokenbase' },
  { id: 'convites', nome: 'Convidar parceiros', descricao: 'Convidar clientes, fornecedores e unidades' },
  { id: 'produtos_ver', nome: 'Ver produtos', descricao: 'Consultar e exportar o catálogo de produtos' },
  { id: 'produtos', nome: 'Gerenciar produtos', descricao: 'Cadastrar, importar e editar produtos' },
  { id: 'condicoes_ver', nome: 'Ver condições', descricao: 'Consultar e exportar as condições comerciais, com suas tabelas de preços' },
  { id: 'condicoes', nome: 'Gerenciar condições', descricao: 'Criar e editar condições comerciais' },
  { id: 'clientes_ver', nome: 'Ver clientes', descricao: 'Consultar e exportar os clientes e suas formas de pagamento' },
  { id: 'clientes', nome: 'Gerenciar clientes', descricao: 'Cadastrar, bloquear e importar clientes' },
  { id: 'pedidos_ver', nome: 'Ver pedidos', descricao: 'Ver os pedidos da empresa' },
  { id: 'pedidos_status', nome: 'Mudar situação de pedidos', descricao: 'Faturar, negar ou faturar com quebra' },
  { id: 'cobranca', nome: 'Gerenciar plano e cobrança', descricao: 'Ver cobranças e enviar suas notas fiscais; cuidar dos e-mails da empresa (cobrança e comerciais); trocar de plano e iniciar o teste grátis são dos administradores' },
] as const

export type PermissionId = (typeof PERMISSIONS)[number]['id']

export const PERMISSION_IDS = PERMISSIONS.map((p) => p.id) as [PermissionId, ...PermissionId[]]
