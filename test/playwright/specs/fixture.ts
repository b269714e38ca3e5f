import { test as base } from '@playwright/test'
import { type MockFixtures, mockFixtures } from '../../../mock/playwright/index.ts'

/** As docs/usage.md's tests/mock.ts, from the sources. */
export const test = base.extend<MockFixtures>(mockFixtures({ baseUrl: '/api/v1' }))
export { expect } from '@playwright/test'

/** Which worker process ran the test, for test/playwright/playwright.test.ts to check. */
export const noteWorker = () =>
  test.info().annotations.push({ type: 'worker', description: String(test.info().workerIndex) })
