/**
 * A streaming XML reader over bytes, for the one large part of an xlsx, its sheet (40 MB of markup for
 * 100,000 rows): tags and text are found with native byte searches, and only what the caller asks for
 * becomes a string (an attribute it reads through `XmlTag`, the text it keeps). It checks what
 * makes a sheet trustworthy: tags nest and close in order, attribute values are quoted, entities are
 * XML's own, the document ends with its root closed. No DTD: a `<!DOCTYPE` is refused, so no entity is
 * ever expanded. Element names lose their namespace prefix (`x:c` is `c`).
 */
export type XmlEvents = {
  /** An opening tag; its attributes are read from `tag` during this call only. */
  open(name: string, tag: XmlTag): void
  close(name: string): void
  /** Character data between `start` and `end` of `bytes` (CDATA's content as it is, else with its entities still in). */
  text(bytes: Buffer, start: number, end: number, cdata: boolean): void
}

/** The attributes of the tag being opened, read where they lie in the bytes: only what is asked for becomes a value. */
export type XmlTag = {
  /** The attribute's value, entities decoded. */
  attribute(name: string): string | undefined
  /** A short value from a small set (a cell's type): made a string once, like names. */
  token(name: string): string | undefined
  /** A whole number written in digits only, else undefined. */
  integer(name: string): number | undefined
  /** The column of a cell reference (`AB12` is 28), 0 when the value does not start with letters or is absent. */
  column(name: string): number
}

const LT = 0x3c
const GT = 0x3e
const SLASH = 0x2f
const QUESTION = 0x3f
const BANG = 0x21
const EQUALS = 0x3d
const AMP = 0x26
const COLON = 0x3a
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d

export class XmlError extends Error {}

export class XmlByteReader implements XmlTag {
  private readonly stack: string[] = []
  private rootClosed = false
  /** The tag being opened: its bytes, and where each attribute's name and value lie in them. */
  private bytes: Buffer = Buffer.alloc(0)
  private attributes = 0
  private readonly at: number[] = []

  constructor(private readonly events: XmlEvents) {}

  /** Reads every whole construct of `bytes` and answers where the first unfinished one starts (the caller keeps the rest for the next piece). */
  feed(bytes: Buffer): number {
    let at = 0
    while (at < bytes.length) {
      if (bytes[at] !== LT) {
        const lt = bytes.indexOf(LT, at)
        if (lt < 0) return at
        if (this.stack.length) this.events.text(bytes, at, lt, false)
        else if (!blank(bytes, at, lt)) throw new XmlError('xml: text outside the root element')
        at = lt
        continue
      }
      const next = bytes[at + 1]
      if (next === undefined) return at
      let end: number
      if (next === QUESTION) {
        end = bytes.indexOf('?>', at + 2)
        if (end < 0) return at
        at = end + 2
      } else if (next === BANG) {
        if (bytes.length < at + 4) return at
        if (bytes.toString('latin1', at, at + 4) === '<!--') {
          end = bytes.indexOf('-->', at + 4)
          if (end < 0) return at
          at = end + 3
        } else if (bytes.length < at + 9) return at
        else if (bytes.toString('latin1', at, at + 9) === '<![CDATA[') {
          end = bytes.indexOf(']]>', at + 9)
          if (end < 0) return at
          if (!this.stack.length) throw new XmlError('xml: CDATA outside the root element')
          this.events.text(bytes, at + 9, end, true)
          at = end + 3
        } else throw new XmlError('xml: DOCTYPE or unknown declaration')
      } else if (next === SLASH) {
        end = bytes.indexOf(GT, at + 2)
        if (end < 0) return at
        let nameEnd = end
        while (nameEnd > at + 2 && isSpace(bytes[nameEnd - 1])) nameEnd--
        const name = localName(bytes, at + 2, nameEnd)
        if (this.stack.pop() !== name) throw new XmlError(`xml: </${name}> closes another element`)
        if (!this.stack.length) this.rootClosed = true
        this.events.close(name)
        at = end + 1
      } else {
        const tagEnd = this.openTag(bytes, at)
        if (tagEnd < 0) return at
        at = tagEnd
      }
    }
    return at
  }

  /** The document's end: nothing left unread but blanks, and the root element closed. */
  finish(rest: Buffer | null) {
    if (rest && !blank(rest, 0, rest.length)) throw new XmlError('xml: the document ends inside a construct')
    if (this.stack.length || !this.rootClosed) throw new XmlError('xml: the document ends before its root element closes')
  }

  /** An opening (or empty) tag at `at`: answers the index after its '>', or -1 when it is not all here yet. */
  private openTag(bytes: Buffer, at: number) {
    let i = at + 1
    while (i < bytes.length && !isSpace(bytes[i]) && bytes[i] !== GT && bytes[i] !== SLASH) i++
    if (i >= bytes.length) return -1
    if (i === at + 1) throw new XmlError('xml: a tag without a name')
    const name = localName(bytes, at + 1, i)
    if (this.rootClosed) throw new XmlError('xml: a second root element')
    this.attributes = 0
    for (;;) {
      while (i < bytes.length && isSpace(bytes[i])) i++
      if (i >= bytes.length) return -1
      const byte = bytes[i]
      if (byte === GT || byte === SLASH) {
        const empty = byte === SLASH
        if (empty) {
          if (i + 1 >= bytes.length) return -1
          if (bytes[i + 1] !== GT) throw new XmlError('xml: "/" inside a tag')
        }
        this.stack.push(name)
        this.bytes = bytes
        this.events.open(name, this)
        if (empty) {
          this.stack.pop()
          if (!this.stack.length) this.rootClosed = true
          this.events.close(name)
        }
        return empty ? i + 2 : i + 1
      }
      const attributeStart = i
      while (i < bytes.length && bytes[i] !== EQUALS && !isSpace(bytes[i]) && bytes[i] !== GT) i++
      const attributeEnd = i
      while (i < bytes.length && isSpace(bytes[i])) i++
      if (i >= bytes.length) return -1
      if (bytes[i] !== EQUALS || attributeEnd === attributeStart) throw new XmlError('xml: an attribute without a value')
      i++
      while (i < bytes.length && isSpace(bytes[i])) i++
      if (i >= bytes.length) return -1
      const quote = bytes[i]
      if (quote !== 0x22 && quote !== 0x27) throw new XmlError('xml: an attribute value without quotes')
      const close = bytes.indexOf(quote, i + 1)
      if (close < 0) return -1
      const slot = 4 * this.attributes++
      this.at[slot] = attributeStart
      this.at[slot + 1] = attributeEnd
      this.at[slot + 2] = i + 1
      this.at[slot + 3] = close
      i = close + 1
    }
  }

  /** Slot of the attribute `name` in `at`, or -1. */
  private find(name: string) {
    for (let a = 0; a < this.attributes; a++) if (sameBytes(name, this.bytes, this.at[4 * a], this.at[4 * a + 1])) return 4 * a
    return -1
  }

  attribute(name: string) {
    const slot = this.find(name)
    return slot < 0 ? undefined : xmlText(this.bytes, this.at[slot + 2], this.at[slot + 3])
  }

  token(name: string) {
    const slot = this.find(name)
    return slot < 0 ? undefined : interned(this.bytes, this.at[slot + 2], this.at[slot + 3])
  }

  integer(name: string) {
    const slot = this.find(name)
    if (slot < 0) return undefined
    const [start, end] = [this.at[slot + 2], this.at[slot + 3]]
    if (start === end || end - start > 15) return undefined
    let value = 0
    for (let i = start; i < end; i++) {
      const digit = this.bytes[i] - 0x30
      if (digit < 0 || digit > 9) return undefined
      value = value * 10 + digit
    }
    return value
  }

  column(name: string) {
    const slot = this.find(name)
    if (slot < 0) return 0
    let column = 0
    for (let i = this.at[slot + 2]; i < this.at[slot + 3]; i++) {
      const letter = this.bytes[i]
      if (letter < 65 || letter > 90) break
      column = column * 26 + letter - 64
    }
    return column
  }
}

function blank(bytes: Buffer, start: number, end: number) {
  for (let i = start; i < end; i++) if (!isSpace(bytes[i])) return false
  return true
}

/** The name between `start` and `end` without its namespace prefix. */
function localName(bytes: Buffer, start: number, end: number) {
  let from = start
  for (let i = start; i < end; i++) if (bytes[i] === COLON) from = i + 1
  return interned(bytes, from, end)
}

/**
 * The bytes between `start` and `end` as a string made once: names and a cell's type repeat (a sheet is mostly
 * `c`, `v` and `row`), so each is found again by a hash of its bytes and a tag costs no allocation.
 */
function interned(bytes: Buffer, start: number, end: number) {
  let hash = end - start
  for (let i = start; i < end; i++) hash = (hash * 31 + bytes[i]) | 0
  const known = strings.get(hash)
  if (known !== undefined && sameBytes(known, bytes, start, end)) return known
  const string = bytes.toString('latin1', start, end)
  if (strings.size < 1024) strings.set(hash, string)
  return string
}

const strings = new Map<number, string>()

function sameBytes(name: string, bytes: Buffer, start: number, end: number) {
  if (name.length !== end - start) return false
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) !== bytes[start + i]) return false
  return true
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The text of a `text` event: CDATA's content as it is, other character data with its entities decoded. */
export const characterData = (bytes: Buffer, start: number, end: number, cdata: boolean) => (cdata ? bytes.toString('utf8', start, end) : xmlText(bytes, start, end))

/** UTF-8 text with XML's five entities and character references decoded; any other entity is an error. */
export function xmlText(bytes: Buffer, start: number, end: number) {
  let plain = true
  for (let i = start; i < end && plain; i++) plain = bytes[i] !== AMP
  if (plain) return bytes.toString('utf8', start, end)
  return bytes.toString('utf8', start, end).replace(/&([^;&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new XmlError('xml: "&" outside an entity')
    if (name in NAMED) return NAMED[name]
    const code = /^#x[0-9a-fA-F]+$/.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? parseInt(name.slice(1), 10) : NaN
    if (!Number.isInteger(code) || code > 0x10ffff || code === 0) throw new XmlError(`xml: unknown entity &${name};`)
    return String.fromCodePoint(code)
  })
}
