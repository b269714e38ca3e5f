// Bundled for the browser by the msw worker test: an app talking to the API with plain fetch, the
// worker answering in the page. Nothing here may need Node.
import { API_PREFIX } from '../../../contract/index.ts'
import { ACME_KEY } from '../../../fixtures/index.ts'
import { startMockWorker } from '../../../mock/browser/index.ts'

const baseUrl = location.origin + API_PREFIX

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${ACME_KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

const run = async () => {
  await startMockWorker({ baseUrl })
  const before = await call('GET', '/forms')
  const created = await call('POST', '/forms', { title: 'Made in the browser' })
  const after = await call('GET', '/forms')
  return { controlled: navigator.serviceWorker.controller !== null, before, created, after }
}

run().then(
  (appResult) => Object.assign(globalThis, { appResult }),
  (error: unknown) =>
    Object.assign(globalThis, { appError: error instanceof Error ? error.stack : String(error) }),
)
