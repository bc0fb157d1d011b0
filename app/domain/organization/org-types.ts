/** Labels of the organization types, as users read them. */
export const ORG_TYPE_LABELS = {
  v: 'Varejo',
  f: 'Fornecedor',
  b: 'Bandeira',
  r: 'Revenda',
} as const

export type OrgTypeCode = keyof typeof ORG_TYPE_LABELS

export const ORG_TYPES = ['v', 'f', 'b', 'r'] as const
