import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3123)

/**
 * Specs that change or count the demo data of server/db/seed.ts (its teams, chats, flags and
 * one-use invites): one worker runs them one after another, in this order, as when the whole suite
 * ran on one worker. Every other spec uses data of its own (users from sign-up, new companies) or
 * only reads demo data no spec changes, and runs beside them. A new spec that changes demo data, or
 * checks something another spec changes (organizations.spec.ts reads Rede Farma Mais's menu, whose
 * chat badge chat.spec.ts moves), goes here.
 */
const DEMO_DATA_SPECS = ['a11y-cart', 'cart', 'chat', 'company-per-page', 'condition-buyers', 'condition-partners', 'conditions', 'customers', 'flag', 'invite', 'layout', 'market', 'no-javascript', 'order-loop', 'orders', 'organizations', 'partner-invite', 'products', 'security-headers', 'spreadsheets', 'team'].map((name) => `**/${name}.spec.ts`)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two cores in CI; E2E_WORKERS=1 runs everything in one line (e.g. to compare timings).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  // A page that takes over 5 s to answer under a load of 10+ on two cores (seen entering a company in CI) is slow, not wrong;
  // over 10 s was seen too: a product's saved answer back at +2 s and rendered at +10 s (its trace, in CI).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records every action's DOM snapshots and a screencast: a third of the suite's time on this
    // machine's two cores (market.spec: 27.5 s of tests with it, 18.7 s without). A failure keeps its
    // screenshot and page snapshot; E2E_TRACE=on records traces again to look into one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
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
  projects: [
    { name: 'demo-data', testMatch: DEMO_DATA_SPECS, workers: 1 },
    { name: 'own-data', testIgnore: DEMO_DATA_SPECS },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
})
