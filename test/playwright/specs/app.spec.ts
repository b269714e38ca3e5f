import { createMock } from '../../../mock/create.ts'
import { override } from '../../../mock/playwright/index.ts'
import { expect, noteWorker, test } from './fixture.ts'

/**
 * Four tests, spread over two workers (two run one after the other in each): each adds a form
 * and must see its own and no other's. A mock kept across tests would show the earlier test's form.
 */
for (const n of [1, 2, 3, 4]) {
  test(`test ${n} sees its own write and no other test's`, async ({ page, mock }) => {
    noteWorker()
    await page.goto('/')
    const items = page.getByRole('listitem')
    await expect(items.first()).toBeVisible()
    const before = await items.allTextContents()
    await page.getByLabel('Title').fill(`Made by test ${n}`)
    await page.getByRole('button', { name: 'New form' }).click()
    await expect(items.first()).toHaveText(`Made by test ${n}`)
    const after = await items.allTextContents()
    expect(after.filter((title) => title.startsWith('Made by test'))).toEqual([`Made by test ${n}`])
    expect(after.slice(1)).toEqual(before)
    expect(mock.journal.of('createForm').map((entry) => entry.body)).toEqual([
      { title: `Made by test ${n}` },
    ])
  })
}

test.describe('on an earlier release', () => {
  test.use({ mockOptions: { release: '2026-07-12' } })

  test('answers as that release: series did not exist yet', async ({ page }) => {
    await page.goto('/')
    const status = await page.evaluate(() =>
      fetch('/api/v1/series', { headers: { authorization: 'Bearer acme-demo-key' } }).then(
        (response) => response.status,
      ),
    )
    expect(status).toBe(404)
  })
})

test('answers series on the latest release', async ({ page }) => {
  await page.goto('/')
  const status = await page.evaluate(() =>
    fetch('/api/v1/series', { headers: { authorization: 'Bearer acme-demo-key' } }).then(
      (response) => response.status,
    ),
  )
  expect(status).toBe(200)
})

test('shows the error state of a create that an override refuses', async ({ page, mock }) => {
  mock.use(override.status('createForm', 422))
  await page.goto('/')
  await page.getByLabel('Title').fill('Refused')
  await page.getByRole('button', { name: 'New form' }).click()
  await expect(page.getByRole('alert')).toHaveText('Could not create the form (422)')
  // The override answered before the mock: the mock, and so its journal, never saw the request.
  expect(mock.journal.of('createForm')).toEqual([])
})

test('starts from a state loaded in the test before the page opens', async ({ page, mock }) => {
  const saved = createMock({ scenario: 'empty' })
  await saved.ready
  const imported = await mock.importState(saved.exportState())
  expect(imported.ok).toBe(true)
  await page.goto('/')
  await expect(page.getByRole('status')).toHaveText('No forms yet')
})
