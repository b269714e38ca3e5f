import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ACME_KEY } from '../../../fixtures/index.ts'
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
 * User Timing marks the measured apps set, for bench/browser.ts's breakdown of the first render:
 * the entry module runs, the mock's (or msw's) code is loaded, its start resolved, the first
 * answer is in hand. Between them the mock's own marks (`START_MARKS` of mock/browser/marks.ts).
 */
export const APP_MARKS = {
  entry: 'app:entry',
  loaded: 'app:loaded',
  started: 'app:started',
  answered: 'app:answered',
} as const

/** What msw alone answers, and what the static page fetches: the size of the demo's first page. */
export const STATIC_FORMS = JSON.stringify({
  forms: Array.from({ length: 20 }, (_, i) => ({ id: `form-${i}`, title: `Form ${i}` })),
})

/**
 * The smallest app on the mock, in a build that enables it (`VITE_MOCK=on`): starts the worker,
 * then lists the forms. Written so that the code before issue 11 runs it too (an absolute base
 * URL, no persistence option), for bench/browser.ts's ratios.
 */
export const MOCK_APP = `
performance.mark('${APP_MARKS.entry}')
import { createClient } from 'engagement-mock'

const baseUrl = location.origin + '/api/v1'
const app = document.querySelector('#app') as HTMLElement
const enableMocking = async () => {
  if (!import.meta.env.DEV && import.meta.env.VITE_MOCK !== 'on') return
  const { startMockWorker } = await import('engagement-mock/mock/browser')
  performance.mark('${APP_MARKS.loaded}')
  await startMockWorker({ baseUrl, quiet: true })
  performance.mark('${APP_MARKS.started}')
}
enableMocking()
  .then(() => createClient({ baseUrl, apiKey: 'acme-demo-key' }).listForms())
  .then((listed) => {
    if (!listed.ok) throw new Error('listForms answered ' + listed.status)
    performance.mark('${APP_MARKS.answered}')
    const list = document.createElement('ul')
    for (const form of listed.body.forms) list.append(Object.assign(document.createElement('li'), { textContent: form.title }))
    app.replaceChildren(list)
    app.dataset.renderedAt = String(performance.now())
  })
`

/** Renders what the app got: the same few lines for msw alone and the static page. */
const RENDER_FORMS = `
    performance.mark('${APP_MARKS.answered}')
    const list = document.createElement('ul')
    for (const form of body.forms) list.append(Object.assign(document.createElement('li'), { textContent: form.title }))
    app.replaceChildren(list)
    app.dataset.renderedAt = String(performance.now())`

/**
 * An app that starts a worker between the marks (`load` imports its code, `start` starts it), then
 * fetches the list through it and renders it: msw alone and the floor below differ only there.
 */
const appOverWorker = (load: string, start: string) => `
performance.mark('${APP_MARKS.entry}')
const app = document.querySelector('#app') as HTMLElement
const enableMocking = async () => {
  if (!import.meta.env.DEV && import.meta.env.VITE_MOCK !== 'on') return
${load}
  performance.mark('${APP_MARKS.loaded}')
${start}
  performance.mark('${APP_MARKS.started}')
}
enableMocking()
  .then(() => fetch('/api/v1/forms'))
  .then((response) => response.json())
  .then((body: { forms: { title: string }[] }) => {${RENDER_FORMS}
  })
`

/**
 * The floor under any mock on msw in a page: msw's worker started with one static handler, then
 * the same list through it. What bench/browser.ts compares the mock with.
 */
export const MSW_ALONE_APP = appOverWorker(
  `  // Destructured where imported, so the bundler keeps only these of msw's root (not its graphql).
  const { setupWorker } = await import('msw/browser')
  const { http, HttpResponse } = await import('msw')`,
  `  const forms = ${STATIC_FORMS}
  await setupWorker(http.get('/api/v1/forms', () => HttpResponse.json(forms))).start({ quiet: true, onUnhandledRequest: 'bypass' })`,
)

/** The repository, whose own modules (not the package's exports) the floor below imports. */
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The floor of the browser mock's first answer on the client's dependencies, as the POST floor is
 * for the server (bench/servers/floor-server.ts): msw's worker with one handler doing only what
 * the first answer of any mock built on zod and @msw/data must. It builds the forms' stored-record
 * schema (zod), stores the demo's forms part on the first request through the mock's own Table
 * (each record checked by @msw/data's `Collection.create`), and answers the organization's list.
 * No key lookup, routing, other resources' schemas, saved state or typed client. The entry
 * (FLOOR_APP) imports it as one chunk, as an app imports the mock.
 */
export const FLOOR_MODULE = `
import { setupWorker } from 'msw/browser'
import { http, HttpResponse } from 'msw'
import { demoSnapshot } from '${REPOSITORY}fixtures/demo-snapshot.ts'
import { StoredForm } from '${REPOSITORY}mock/core/records/forms.ts'
import { newestFirst, Table } from '${REPOSITORY}mock/core/table.ts'
import { formView } from '${REPOSITORY}mock/core/views.ts'

export const startFloor = async () => {
  const forms = new Table(StoredForm, newestFirst)
  const { organizations } = JSON.parse(demoSnapshot.frame) as { organizations: { id: string; apiKey: string }[] }
  const orgId = organizations.find((org) => org.apiKey === '${ACME_KEY}')?.id
  if (orgId === undefined) throw new Error('the demo snapshot has no organization with the key ${ACME_KEY}')
  let stored: Promise<unknown> | undefined
  const list = http.get('/api/v1/forms', async () => {
    stored ??= demoSnapshot.parts.forms().then((text) => forms.insertAll(JSON.parse(text)))
    await stored
    return HttpResponse.json({ forms: forms.listByOrg(orgId).map(formView) })
  })
  await setupWorker(list).start({ quiet: true, onUnhandledRequest: 'bypass' })
}
`
export const FLOOR_APP = appOverWorker(
  "  const { startFloor } = await import('./floor.ts')",
  '  await startFloor()',
)

/**
 * No mock, no worker: the same list fetched from a static file (`public/forms.json` =
 * STATIC_FORMS). The floor of navigation, one request and a render on the machine.
 */
export const STATIC_APP = `
performance.mark('${APP_MARKS.entry}')
const app = document.querySelector('#app') as HTMLElement
fetch('/forms.json')
  .then((response) => response.json())
  .then((body: { forms: { title: string }[] }) => {${RENDER_FORMS}
  })
`
