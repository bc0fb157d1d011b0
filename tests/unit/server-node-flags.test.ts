import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'

// The benchmarks and the end-to-end server start the build with SERVER_NODE_FLAGS; `npm run serve` names them
// in package.json, which cannot import them: the two must not drift apart (a bench would measure another server).
describe('server Node flags', () => {
  it('npm run serve starts the server with the same flags', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }
    const serve = pkg.scripts.serve.split(/\s+/)
    const node = serve.indexOf('node')
    expect(serve.slice(node + 1, serve.indexOf('build/node/index.js'))).toEqual(SERVER_NODE_FLAGS)
  })

  it('caps the heap', () => {
    expect(SERVER_NODE_FLAGS.some((flag) => /^--max-old-space-size=\d+$/.test(flag))).toBe(true)
  })
})
