// Bundled for the browser by the msw worker test: an app talking to the API with plain fetch, the
// worker answering in the page. Nothing here may need Node.
import { API_PREFIX } from '../../../contract/index.ts'
import { ACME_KEY } from '../../../fixtures/index.ts'
import { RequestJournal, startMockWorker } from '../../../mock/browser/index.ts'

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
  const journal = new RequestJournal()
  await startMockWorker({ baseUrl, journal })
  const before = await call('GET', '/forms')
  const created = await call('POST', '/forms', { title: 'Made in the browser' })
  const after = await call('GET', '/forms')
  // What a browser test reads of what the app sent: the request journal it gave the worker.
  const sent = journal.entries.map((e) => [e.operationId, e.status, e.body])
  return {
    controlled: navigator.serviceWorker.controller !== null,
    before,
    created,
    after,
    journal: sent,
  }
}

run().then(
  (appResult) => Object.assign(globalThis, { appResult }),
  (error: unknown) =>
    Object.assign(globalThis, { appError: error instanceof Error ? error.stack : String(error) }),
)
