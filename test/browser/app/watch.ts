// Bundled for the watch tests: the app calls the API at /api/v1 (its page's server forwards it to
// a real deployment), under startMockWorker({ watch }) with ?mode=watch, on its own with ?mode=plain.
import { ACME_KEY } from '../../../fixtures/index.ts'
import { startMockWorker } from '../../../mock/browser/index.ts'

const query = new URLSearchParams(location.search)
const baseUrl = '/api/v1'

const call = async (
  method: string,
  path: string,
  body?: unknown,
  key: string | null = ACME_KEY,
) => {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, text: await response.text() }
}

const run = async () => {
  const worker =
    query.get('mode') === 'watch' ? await startMockWorker({ baseUrl, watch: true }) : undefined
  const listed = await call('GET', '/forms')
  const created = await call('POST', '/forms', { title: 'Made in the page' })
  const form = (JSON.parse(created.text) as { form?: { id?: string } }).form?.id ?? 'none'
  const read = await call('GET', `/forms/${form}`)
  const anonymous = await call('GET', '/sessions', undefined, null)
  await worker?.checked()
  return { listed, created, read, anonymous, traffic: worker?.traffic.summary() }
}

run().then(
  (appResult) => Object.assign(globalThis, { appResult }),
  (error: unknown) =>
    Object.assign(globalThis, {
      appError: error instanceof Error ? error.message : String(error),
    }),
)
