import { describe, expect, it } from 'vitest'
import { DEFAULTS, EnvError, readEnv } from './env.ts'

const vars = { CONTRACT_BASE_URL: 'http://127.0.0.1:9/api/v1', CONTRACT_API_KEY: 'main-key' }

describe('CONTRACT_CONCURRENCY', () => {
  it('sets the checks in flight at once; unset or empty, the default', () => {
    expect(readEnv({ ...vars, CONTRACT_CONCURRENCY: '3' }).concurrency).toBe(3)
    expect(readEnv({ ...vars, CONTRACT_CONCURRENCY: '64' }).concurrency).toBe(64)
    expect(readEnv(vars).concurrency).toBe(DEFAULTS.concurrency)
    expect(readEnv({ ...vars, CONTRACT_CONCURRENCY: '' }).concurrency).toBe(DEFAULTS.concurrency)
    expect(readEnv({}, { baseUrl: vars.CONTRACT_BASE_URL }).concurrency).toBe(DEFAULTS.concurrency)
  })

  it.each(['0', '-1', '1.5', 'x', '65', '1e3'])('refuses %s, naming the variable', (value) => {
    expect(() => readEnv({ ...vars, CONTRACT_CONCURRENCY: value })).toThrow(EnvError)
    expect(() => readEnv({ ...vars, CONTRACT_CONCURRENCY: value })).toThrow(
      `CONTRACT_CONCURRENCY must be a whole number from 1 to 64 (checks in flight at once; 1 sends one request at a time), got "${value}".`,
    )
  })
})
