import { defineConfig } from 'vitest/config'

// The React Router plugin stays out of tests (STYLE.md): tests import modules directly.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates once per run the database every test file clones (tests/api/harness.ts).
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
})
