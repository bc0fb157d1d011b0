import { add, div, mul, neg, parseDecimal, sub, type Ratio } from './decimal.ts'
import { pricingMessages as m } from './messages.ts'

/**
 * The tokenbase formulas: arithmetic over one variable, `desconto` (+ − × ÷,
 * parentheses, decimals with a comma or a dot). Parsed by a small recursive-descent parser into a
 * tree and evaluated with exact fractions; never `eval`.
 */
export const FORMULA_MAX_LENGTH = 200
const MAX_DEPTH = 20
const VARIABLE = 'desconto'

type Node =
  | { kind: 'number'; value: Ratio }
  | { kind: 'variable' }
  | { kind: 'negate'; operand: Node }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Node; right: Node }

type Token = { kind: 'number'; value: Ratio; at: number } | { kind: 'variable'; at: number } | { kind: 'op'; op: '+' | '-' | '*' | '/' | '(' | ')'; at: number }

const OPERATORS: Record<string, '+' | '-' | '*' | '/' | '(' | ')'> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '*': '*',
  '×': '*',
  x: '*',
  X: '*',
  '/': '/',
  '÷': '/',
  '(': '(',
  ')': ')',
}

export type Formula = { readonly text: string; evaluate: (desconto: Ratio) => { ok: true; value: Ratio } | { ok: false; message: string } }

export type FormulaParse = { ok: true; formula: Formula } | { ok: false; message: string }

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]
    if (/\s/.test(ch)) {
      i++
      continue
    }
    const number = /^\d+(?:[.,]\d+)?/.exec(text.slice(i))
    if (number) {
      if (number[0].replace(/\D/g, '').length > 15) return m.formulaNumberTooLong(number[0])
      tokens.push({ kind: 'number', value: parseDecimal(number[0])!, at: i })
      i += number[0].length
      continue
    }
    const word = /^[\p{L}_]+/u.exec(text.slice(i))
    if (word) {
      const name = word[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
      // A lone x is the multiplication sign people type ("desconto x 0,5").
      if (name === 'x') tokens.push({ kind: 'op', op: '*', at: i })
      else if (name === VARIABLE) tokens.push({ kind: 'variable', at: i })
      else return m.formulaUnknownName(word[0])
      i += word[0].length
      continue
    }
    const op = OPERATORS[ch]
    if (!op) return m.formulaUnknownCharacter(ch, i + 1)
    tokens.push({ kind: 'op', op, at: i })
    i++
  }
  return tokens
}

/** expression := term (('+'|'-') term)* ; term := factor (('*'|'/') factor)* ; factor := number | desconto | '-' factor | '(' expression ')' */
function parseTokens(tokens: Token[]): Node | string {
  let pos = 0
  const peek = () => tokens[pos]
  const isOp = (t: Token | undefined, ...ops: string[]): t is Extract<Token, { kind: 'op' }> => t?.kind === 'op' && ops.includes(t.op)

  function expression(depth: number): Node | string {
    let left = term(depth)
    while (typeof left !== 'string' && isOp(peek(), '+', '-')) {
      const op = (tokens[pos++] as Extract<Token, { kind: 'op' }>).op as '+' | '-'
      const right = term(depth)
      if (typeof right === 'string') return right
      left = { kind: 'binary', op, left, right }
    }
    return left
  }
  function term(depth: number): Node | string {
    let left = factor(depth)
    while (typeof left !== 'string' && isOp(peek(), '*', '/')) {
      const op = (tokens[pos++] as Extract<Token, { kind: 'op' }>).op as '*' | '/'
      const right = factor(depth)
      if (typeof right === 'string') return right
      left = { kind: 'binary', op, left, right }
    }
    return left
  }
  function factor(depth: number): Node | string {
    if (depth > MAX_DEPTH) return m.formulaTooDeep
    const token = tokens[pos]
    if (!token) return m.formulaEndsEarly
    pos++
    if (token.kind === 'number') return { kind: 'number', value: token.value }
    if (token.kind === 'variable') return { kind: 'variable' }
    if (token.op === '-') {
      const operand = factor(depth + 1)
      return typeof operand === 'string' ? operand : { kind: 'negate', operand }
    }
    if (token.op === '(') {
      const inner = expression(depth + 1)
      if (typeof inner === 'string') return inner
      if (!isOp(peek(), ')')) return m.formulaUnclosed
      pos++
      return inner
    }
    return m.formulaUnexpected(token.op, token.at + 1)
  }

  const tree = expression(0)
  if (typeof tree === 'string') return tree
  const rest = tokens[pos]
  if (rest) return rest.kind === 'op' && rest.op === ')' ? m.formulaUnopened : m.formulaUnexpected(rest.kind === 'op' ? rest.op : 'valor', rest.at + 1)
  return tree
}

class DivisionByZero extends Error {}

function evaluate(node: Node, desconto: Ratio): Ratio {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'variable':
      return desconto
    case 'negate':
      return neg(evaluate(node.operand, desconto))
    case 'binary': {
      const left = evaluate(node.left, desconto)
      const right = evaluate(node.right, desconto)
      if (node.op === '/' && right.n === 0n) throw new DivisionByZero()
      return node.op === '+' ? add(left, right) : node.op === '-' ? sub(left, right) : node.op === '*' ? mul(left, right) : div(left, right)
    }
  }
}

/** The formula, or why it cannot be read (in Portuguese, for the form and the API's 422). */
export function parseFormula(text: string): FormulaParse {
  const trimmed = text.trim()
  if (!trimmed) return { ok: false, message: m.formulaRequired }
  if (trimmed.length > FORMULA_MAX_LENGTH) return { ok: false, message: m.formulaTooLong }
  const tokens = tokenize(trimmed)
  if (typeof tokens === 'string') return { ok: false, message: tokens }
  const tree = parseTokens(tokens)
  if (typeof tree === 'string') return { ok: false, message: tree }
  return {
    ok: true,
    formula: {
      text: trimmed,
      evaluate(desconto) {
        try {
          return { ok: true, value: evaluate(tree, desconto) }
        } catch (error) {
          if (error instanceof DivisionByZero) return { ok: false, message: m.formulaDivisionByZero }
          throw error
        }
      },
    },
  }
}
