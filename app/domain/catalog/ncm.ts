import { maskNcm } from '../shared/masks.ts'

/**
 * NCM (Nomenclatura Comum do Mercosul): eight digits, shown with the mask 0000.00.00.
 * Stored as the digits; typed or imported masked or not.
 */
export function parseNcm(input: string): string | null {
  const trimmed = input.trim()
  if (!/^(\d{8}|\d{4}\.\d{2}\.\d{2})$/.test(trimmed)) return null
  return trimmed.replace(/\D/g, '')
}

export const formatNcm = (digits: string | null) => (digits ? maskNcm(digits) : '')
