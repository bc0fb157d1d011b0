// End-to-end tests drive Debian's Chromium; install it when missing. Never a downloaded browser.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  console.log('Chromium não encontrado: instalando o pacote chromium do Debian...')
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(`${sudo}apt-get update && ${sudo}apt-get install -y chromium`, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}
