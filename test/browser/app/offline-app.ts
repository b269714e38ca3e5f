// The source of a small frontend on the browser mock, built by Vite in test/browser/offline.test.ts: msw's
// start-then-render pattern, the mock enabled in a production build by VITE_MOCK=on (a QA build),
// a button that creates a form, a re-render when another tab changes the data, and overrides
// chosen by the page's query (`?fail-list`, `?raw-empty-list`).
// Its marks (APP_MARKS) feed bench/browser.ts's breakdown of the first render.
import { APP_MARKS } from './sources.ts'

export const OFFLINE_APP = `performance.mark('${APP_MARKS.entry}')
import { createClient } from 'engagement-mock'

const baseUrl = '/api/v1'
const app = document.querySelector('#app') as HTMLElement
const api = createClient({ baseUrl, apiKey: 'acme-demo-key' })
let made = 0

const enableMocking = async () => {
  if (!import.meta.env.DEV && import.meta.env.VITE_MOCK !== 'on') return
  const { startMockWorker, override, http, HttpResponse, MOCK_CHANGE_EVENT } = await import(
    'engagement-mock/mock/browser'
  )
  performance.mark('${APP_MARKS.loaded}')
  const worker = await startMockWorker({ baseUrl, quiet: true })
  performance.mark('${APP_MARKS.started}')
  if (new URLSearchParams(location.search).has('fail-list')) {
    worker.use(override.status('listForms', 503, 'The forms service is down (override).'))
  }
  // A plain msw handler, as a user writes one: it must reach the very msw the worker runs on.
  if (new URLSearchParams(location.search).has('raw-empty-list')) {
    worker.use(http.get(\`\${baseUrl}/forms\`, () => HttpResponse.json({ forms: [] })))
  }
  Object.assign(globalThis, { worker, MOCK_CHANGE_EVENT })
  // Another tab created, changed or reset something: show it.
  addEventListener(MOCK_CHANGE_EVENT, () => void render())
}

const render = async () => {
  const listed = await api.listForms()
  if (app.dataset.renderedAt === undefined) performance.mark('${APP_MARKS.answered}')
  if (!listed.ok) {
    app.dataset.error = \`\${listed.status} \${(listed.body as { error?: string }).error ?? ''}\`
    app.dataset.count = ''
    return
  }
  delete app.dataset.error
  const list = document.createElement('ul')
  for (const form of listed.body.forms) {
    const item = document.createElement('li')
    item.textContent = form.title
    list.append(item)
  }
  app.replaceChildren(list)
  app.dataset.count = String(listed.body.forms.length)
  app.dataset.first = listed.body.forms[0]?.title ?? ''
  // Milliseconds since navigation began: what bench/browser.ts reports as the first render.
  app.dataset.renderedAt ??= String(performance.now())
}

const button = document.createElement('button')
button.id = 'create'
button.textContent = 'New form'
button.onclick = async () => {
  made += 1
  const created = await api.createForm({ body: { title: \`Made offline \${Date.now()}-\${made}\` } })
  if (created.ok) await render()
}
document.body.prepend(button)

enableMocking()
  .then(render)
  .catch((error: unknown) => {
    app.dataset.error = error instanceof Error ? error.message : String(error)
  })
`
