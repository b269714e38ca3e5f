// Bundled for the browser host tests: starts the worker with the options named in the page's query
// (`?baseUrl=/api/v1&quiet=1&release=2026-07-12`), then calls the API and a control route relative
// to the page.
import { ACME_KEY } from '../../../fixtures/index.ts'
import { startMockWorker } from '../../../mock/browser/index.ts'

const query = new URLSearchParams(location.search)
const baseUrl = query.get('baseUrl') ?? '/api/v1'

const call = async (method: string, url: string, body?: unknown) => {
  const response = await fetch(url, {
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
  const release = query.get('release')
  await startMockWorker({
    baseUrl,
    ...(query.has('quiet') ? { quiet: true } : {}),
    ...(release === null ? {} : { release }),
  })
  const created = await call('POST', `${baseUrl}/forms`, { title: 'Behind a proxy' })
  const listed = await call('GET', `${baseUrl}/forms`)
  const reset = await call('POST', '/__mock/reset')
  const after = await call('GET', `${baseUrl}/forms`)
  const series = await call('GET', `${baseUrl}/series`)
  return { created, listed, reset, after, series }
}

run().then(
  (appResult) => Object.assign(globalThis, { appResult }),
  (error: unknown) =>
    Object.assign(globalThis, {
      appError: error instanceof Error ? error.message : String(error),
    }),
)
