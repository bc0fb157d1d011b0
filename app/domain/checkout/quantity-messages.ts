/** '1 unidade', '1.200 unidades'. */
export const units = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'unidade' : 'unidades'}`

export const checkoutQuantityMessages = {
  notPositive: 'Informe uma quantidade inteira maior que zero.',
  belowMinimum: (min: number) => `A quantidade mínima deste produto é ${units(min)}.`,
  aboveMaximum: (max: number) => `A quantidade máxima deste produto é ${units(max)}.`,
  notMultiple: (step: number) => `Este produto é vendido em múltiplos de ${units(step)}.`,
}
