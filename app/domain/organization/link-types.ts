/** The kinds of link a visiting card lists. Apart from the schemas so that showing a card ships no zod to the browser. */
export const LINK_TYPES = ['site', 'instagram', 'facebook', 'linkedin', 'whatsapp', 'outro'] as const

export const LINK_TYPE_LABELS: Record<(typeof LINK_TYPES)[number], string> = {
  site: 'Site',
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  outro: 'Outro',
}
