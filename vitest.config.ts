import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { OWN_MODULES } from './test/own-modules.ts'

const timeouts = { testTimeout: 20_000, hookTimeout: 30_000 }

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
            'bench/**/*.test.ts',
          ],
          exclude: [
            '**/node_modules/**',
            'test/contract/**',
            'test/contract-selftest/**',
            ...OWN_MODULES,
          ],
          // A worker keeps the modules it imported (the contract's schemas, msw, @msw/data, faker)
          // from one file to the next: evaluating them again for each file was about half of the
          // CPU of the in-process files. Each file still sets up and tears down its own servers.
          isolate: false,
          // The run's folder for the package, packed once for test/package (test/package/packed.ts).
          globalSetup: ['test/package/global-setup.ts'],
          ...timeouts,
        },
      },
      { test: { name: 'unit-isolated', include: OWN_MODULES, ...timeouts } },
      'test/contract/vitest.config.ts',
      'test/contract-selftest/vitest.config.ts',
    ],
  },
})
