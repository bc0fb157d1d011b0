import { describe, expect, test } from 'vitest'
import { XmlByteReader, XmlError, xmlText } from '../../server/spreadsheets/xml-bytes.ts'

/** The byte-level XML reader under the xlsx reader (server/spreadsheets/xml-bytes.ts). */

/** Every event of `xml`, fed in pieces of `size` bytes (the rest of an unfinished construct carried over, as the xlsx reader does). */
function eventsOf(xml: string, size = Infinity) {
  const events: string[] = []
  const reader = new XmlByteReader({
    open(name, tag) {
      events.push(`<${name} r=${tag.attribute('r') ?? '-'} t=${tag.token('t') ?? '-'} s=${tag.integer('s') ?? '-'} col=${tag.column('r')}>`)
    },
    close(name) {
      events.push(`</${name}>`)
    },
    text(bytes, start, end, cdata) {
      events.push(cdata ? `cdata:${bytes.toString('utf8', start, end)}` : `text:${xmlText(bytes, start, end)}`)
    },
  })
  const all = Buffer.from(xml, 'utf8')
  let rest: Buffer | null = null
  for (let at = 0; at < all.length; at += Math.min(size, all.length)) {
    const piece = all.subarray(at, Math.min(all.length, at + size))
    const bytes: Buffer = rest ? Buffer.concat([rest, piece]) : piece
    const used = reader.feed(bytes)
    rest = used < bytes.length ? bytes.subarray(used) : null
  }
  reader.finish(rest)
  return events
}

const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- gerado -->' +
  "<x:sheetData xmlns:x=\"urn:x\"><x:row r='12' spans=\"1:3\"><x:c r=\"AB12\" s=\"7\" t=\"s\"><x:v>3</x:v></x:c>" +
  '<c r="B1" t="inlineStr" a = "x &gt; y"><is><t xml:space="preserve">Água &amp; sabão &#233;&#x1F4A7; &lt;ok&gt;</t></is></c>' +
  '<c/><c r="C1"><![CDATA[<bruto> & ]]></c></x:row></x:sheetData>\n'

describe('XmlByteReader', () => {
  test('tags, attributes in either quotes, prefixes dropped, entities and character references, CDATA, comments and declarations skipped', () => {
    expect(eventsOf(DOCUMENT)).toEqual([
      '<sheetData r=- t=- s=- col=0>',
      "<row r=12 t=- s=- col=0>",
      '<c r=AB12 t=s s=7 col=28>',
      '<v r=- t=- s=- col=0>',
      'text:3',
      '</v>',
      '</c>',
      '<c r=B1 t=inlineStr s=- col=2>',
      '<is r=- t=- s=- col=0>',
      '<t r=- t=- s=- col=0>',
      'text:Água & sabão é💧 <ok>',
      '</t>',
      '</is>',
      '</c>',
      '<c r=- t=- s=- col=0>',
      '</c>',
      '<c r=C1 t=- s=- col=3>',
      'cdata:<bruto> & ',
      '</c>',
      '</row>',
      '</sheetData>',
    ])
  })

  test('the same events whatever the pieces the bytes arrive in, a character or a tag cut between two', () => {
    const whole = eventsOf(DOCUMENT)
    for (const size of [1, 2, 3, 5, 7, 11, 64]) expect(eventsOf(DOCUMENT, size), `pieces of ${size}`).toEqual(whole)
  })

  test('what is not well-formed is an error', () => {
    const bad = [
      '<a><b></a></b>',
      '<a><b></b>',
      '<a x=1></a>',
      '<a x></a>',
      '<a>&nbsp;</a>',
      '<a>& solto</a>',
      '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
      '<a></a><b></b>',
      'texto<a></a>',
      '<a></a',
      '<a/ >',
    ]
    for (const xml of bad) expect(() => eventsOf(xml), xml).toThrow(XmlError)
  })

  test('a number attribute is digits only', () => {
    const values: (number | undefined)[] = []
    const reader = new XmlByteReader({ open: (_, tag) => void values.push(tag.integer('s')), close() {}, text() {} })
    reader.feed(Buffer.from('<r><c s="0"/><c s="12"/><c s="-1"/><c s="1.5"/><c s=""/><c/></r>'))
    expect(values).toEqual([undefined, 0, 12, undefined, undefined, undefined, undefined])
  })
})
