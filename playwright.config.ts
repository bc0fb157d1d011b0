import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3123)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium (scripts/ensure-chromium.mjs), never a downloaded browser.
      executablePath: '/usr/bin/chromium',
      // The fake microphone (a beep) granted without a prompt, for the chat's voice messages (tests/e2e/chat.spec.ts).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
})
