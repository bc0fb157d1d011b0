/** Input masks (CNPJ, CEP, cellphone, NCM). Each takes what was typed and returns the masked text, never longer than the mask. */

function applyPattern(value: string, pattern: string) {
  let out = ''
  let i = 0
  for (const slot of pattern) {
    if (i >= value.length) break
    if (slot === '0' || slot === 'A') {
      out += value[i++]
    } else {
      out += slot
    }
  }
  return out
}

/** 00.000.000/0000-00 (max 18); letters allowed in the first twelve places for the alphanumeric CNPJ. */
export function maskCnpj(value: string) {
  const raw = value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()
  const head = raw.slice(0, 12).replace(/[^0-9A-Z]/g, '')
  const tail = raw.slice(12).replace(/\D/g, '').slice(0, 2)
  return applyPattern(head + tail, 'AA.AAA.AAA/AAAA-00')
}

/** 00.000-000 (max 10). */
export function maskCep(value: string) {
  return applyPattern(value.replace(/\D/g, '').slice(0, 8), '00.000-000')
}

/** (00) 00000-0000 (max 15). */
export function maskCellphone(value: string) {
  return applyPattern(value.replace(/\D/g, '').slice(0, 11), '(00) 00000-0000')
}

/** 0000.00.00 (max 10). */
export function maskNcm(value: string) {
  return applyPattern(value.replace(/\D/g, '').slice(0, 8), '0000.00.00')
}
