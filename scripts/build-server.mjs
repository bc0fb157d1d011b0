// Compiles the server's entries (server/index.ts, server/realtime/standalone.ts) to plain JavaScript in
// build/node/, which `npm start` and the end-to-end tests run with Node alone: tsx at run time cost the
// server on PostgreSQL half its memory (decision 035).
import { bundleForNode } from './bundle-for-node.mjs'

const outdir = 'build/node'
await bundleForNode({ index: 'server/index.ts', realtime: 'server/realtime/standalone.ts' }, outdir)
console.log(`Servidor compilado em ${outdir}/.`)
