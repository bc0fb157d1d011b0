// Runs npm scripts one after another, printing each one's time and the total; stops at the first that fails.
// `npm test` is this over typecheck, unit, API and end-to-end tests, so CI shows where its time goes.
import { spawnSync } from 'node:child_process'

const stages = process.argv.slice(2)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const times = []
const started = performance.now()
let failed = 0

for (const stage of stages) {
  const start = performance.now()
  const { status, signal } = spawnSync(npm, ['run', stage], { stdio: 'inherit', shell: process.platform === 'win32' })
  times.push(`${stage}: ${seconds(performance.now() - start)}${status === 0 ? '' : ' (falhou)'}`)
  console.log(`\n== ${times.at(-1)}\n`)
  if (status !== 0) {
    failed = status ?? (signal ? 1 : 0)
    break
  }
}

console.log(['== tempos', ...times, `total: ${seconds(performance.now() - started)}`].join('\n'))
process.exit(failed)
