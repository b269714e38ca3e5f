import { expect, test } from './fixture.ts'

/**
 * The app in its buggy variant copies the title into the description: the journal assertion docs
 * section 7 shows must fail on it. Marked `test.fail()`: Playwright counts it as passing only if it
 * fails, and test/playwright/playwright.test.ts checks that it failed on the body.
 */
test('a journal assertion catches a body the app should not have sent', async ({ page, mock }) => {
  test.fail()
  await page.goto('/?variant=copies-title')
  await page.getByLabel('Title').fill('Quarterly survey')
  await page.getByRole('button', { name: 'New form' }).click()
  await expect(page.getByText('Quarterly survey', { exact: true })).toBeVisible()
  const [sent] = mock.journal.of('createForm')
  expect(sent?.body).toEqual({ title: 'Quarterly survey' })
})
