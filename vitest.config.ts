import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * `npx vitest run` (and `npm test`): the unit and HTTP suites, the conformance suite against our
 * mock (test/contract) and its self-test (test/contract-selftest), as projects of one run. One run
 * shares the start and the transform, and spreads the files over every core: vitest's default of
 * `cores - 1` workers left one of CI's two cores idle while three runs followed each other.
 * One worker more than the cores: a file waiting on a child process, npm or Chromium leaves its core
 * to another (docs/decisions.md, Tooling). `VITEST_MAX_WORKERS=<n>` overrides it.
 * `npm run contract` and `npm run contract:selftest` still run one suite with its own config.
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'mock/**/*.test.ts',
            'fixtures/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'test/contract/**', 'test/contract-selftest/**'],
          // The run's folder for the package, packed once for test/package (test/package/packed.ts).
          globalSetup: ['test/package/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'test/contract/vitest.config.ts',
      'test/contract-selftest/vitest.config.ts',
    ],
  },
})
