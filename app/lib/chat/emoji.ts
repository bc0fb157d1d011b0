/** Puts text at the caret (or over the selection) and says where the caret goes after it. */
export function insertAt(value: string, start: number, end: number, text: string) {
  const from = Math.max(0, Math.min(start, value.length))
  const to = Math.max(from, Math.min(end, value.length))
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length }
}
