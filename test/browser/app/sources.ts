import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readSnippets } from '../../cli/snippets.ts'

/** Apps built by the Vite tests and by bench/bundles.ts, so both measure the same code. */

const BROWSER_GROUP = 'frontend with msw/browser'

/** A file of docs/usage.md's browser recipe, as written: the app's entry, or its Vite config. */
export const docsBrowserSnippet = (
  file: 'src/main.ts' | 'vite.config.ts' = 'src/main.ts',
): string => {
  const markdown = readFileSync(
    fileURLToPath(new URL('../../../docs/usage.md', import.meta.url)),
    'utf8',
  )
  const snippet = readSnippets(markdown).find((s) => s.group === BROWSER_GROUP && s.file === file)
  if (!snippet) throw new Error(`docs/usage.md has no "${BROWSER_GROUP}: ${file}" snippet`)
  return snippet.code
}

/** An app that lists forms with the typed client… */
export const CLIENT_APP = `
import { createClient } from 'engagement-mock'

const api = createClient({ baseUrl: '/api/v1', apiKey: 'acme-demo-key' })
api.listForms().then((listed) => {
  document.body.textContent = listed.ok ? listed.body.forms.map((form) => form.title).join(', ') : 'failed'
})
`
/** …and the same with fetch by hand: the baseline. */
export const FETCH_APP = `
fetch('/api/v1/forms', { headers: { authorization: 'Bearer acme-demo-key' } })
  .then((response) => response.json())
  .then((body) => {
    document.body.textContent = body.forms.map((form: { title: string }) => form.title).join(', ')
  })
`

/**
 * The smallest app on the mock, in a build that enables it (`VITE_MOCK=on`): starts the worker,
 * then lists the forms. Written so that the code before issue 11 runs it too (an absolute base
 * URL, no persistence option), for bench/browser.ts's ratios.
 */
export const MOCK_APP = `
import { createClient } from 'engagement-mock'

const baseUrl = location.origin + '/api/v1'
const app = document.querySelector('#app') as HTMLElement
const enableMocking = async () => {
  if (!import.meta.env.DEV && import.meta.env.VITE_MOCK !== 'on') return
  const { startMockWorker } = await import('engagement-mock/mock/browser')
  await startMockWorker({ baseUrl, quiet: true })
}
enableMocking()
  .then(() => createClient({ baseUrl, apiKey: 'acme-demo-key' }).listForms())
  .then((listed) => {
    if (!listed.ok) throw new Error('listForms answered ' + listed.status)
    const list = document.createElement('ul')
    for (const form of listed.body.forms) list.append(Object.assign(document.createElement('li'), { textContent: form.title }))
    app.replaceChildren(list)
    app.dataset.renderedAt = String(performance.now())
  })
`

/**
 * The floor under any mock on msw in a page: msw's worker started with no handlers, then one request
 * through it (it passes to the server). What bench/browser.ts compares the mock with.
 */
export const MSW_ALONE_APP = `
const app = document.querySelector('#app') as HTMLElement
const enableMocking = async () => {
  if (!import.meta.env.DEV && import.meta.env.VITE_MOCK !== 'on') return
  const { setupWorker } = await import('msw/browser')
  await setupWorker().start({ quiet: true, onUnhandledRequest: 'bypass' })
}
enableMocking()
  .then(() => fetch('/api/v1/forms'))
  .then(() => {
    app.dataset.renderedAt = String(performance.now())
  })
`
