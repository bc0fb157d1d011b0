import { describe, expect, it } from 'vitest'
import { htmlChunks } from '../../app/lib/html-chunks.server.ts'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('htmlChunks', () => {
  it('sends what is written in one turn as one chunk, and a later write as another', async () => {
    let ended = 0
    const stream = htmlChunks(() => ended++)
    const out: string[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()))
    stream.write(Buffer.from('<html>'))
    stream.write(Buffer.from('<body>'))
    stream.write(Buffer.from('<main>'))
    expect(out).toEqual([])
    await nextTurn()
    expect(out).toEqual(['<html><body><main>'])
    stream.write(Buffer.from('<template>late</template>'))
    await nextTurn()
    expect(out).toEqual(['<html><body><main>', '<template>late</template>'])
    expect(ended).toBe(0)
  })

  it('sends what is pending when the writer ends in the same turn, then ends once', async () => {
    let ended = 0
    const stream = htmlChunks(() => ended++)
    const out: string[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()))
    const finished = new Promise((resolve) => stream.on('end', resolve))
    stream.write(Buffer.from('a'))
    stream.end(Buffer.from('b'))
    await finished
    await nextTurn()
    expect(out).toEqual(['ab'])
    expect(ended).toBe(1)
  })
})
