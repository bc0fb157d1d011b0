// Starts the built product (`npm run build`) on a fresh data folder for the end-to-end tests, as `npm start` would.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data'
rmSync(dataDir, { recursive: true, force: true })
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'build/node/index.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3123',
    DATABASE_URL: '',
    // The outside lookups (CEP, IBGE) refuse at once, as they do offline: the tests type addresses by hand,
    // and never depend on a public service being up.
    CEP_API_URL: 'http://127.0.0.1:9',
    IBGE_API_URL: 'http://127.0.0.1:9',
    // Every browser of the suite calls from 127.0.0.1, and a demo user keeps one session (one token) for a
    // worker's whole run: far more calls a minute than a person makes. tests/api/rate-limit.test.ts tests the limits.
    RATE_LIMIT_PER_TOKEN: '1000000',
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_ENUMERATION_PER_TOKEN: '1000000',
    RATE_LIMIT_ENUMERATION_PER_ADDRESS: '1000000',
  },
})
const stop = () => child.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => process.exit(code ?? 0))
