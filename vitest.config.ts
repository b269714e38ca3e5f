import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'contract/**/*.test.ts',
      'mock/**/*.test.ts',
      'fixtures/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test/contract/**', 'test/contract-selftest/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
