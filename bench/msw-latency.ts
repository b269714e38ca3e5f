import { ACME_KEY } from '../fixtures/index.ts'
import { setupMockServer } from '../mock/node/index.ts'
import { median, percentile } from './lib/stats.ts'

/**
 * The in-process path: the same requests through `msw/node` (fetch intercepted, answered by the
 * mock) and straight to `mock.handle`. The difference is what msw adds per request.
 * Runs in its own process (msw patches the global fetch); prints one JSON line.
 */
const N = Number(process.argv[2] ?? 2000)
const baseUrl = 'http://mock.bench.test/api/v1'
const server = setupMockServer({ baseUrl })
await server.mock.ready
server.listen({ onUnhandledRequest: 'error' })
const auth = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
const body = JSON.stringify({
  title: 'Bench form',
  fields: [{ kind: 'yes_no', config: { label: 'Q' } }],
})

const cases = {
  'GET /forms': {
    msw: () => fetch(`${baseUrl}/forms`, { headers: auth }),
    direct: () => server.mock.handle({ method: 'GET', path: '/forms', headers: auth }),
  },
  'POST /forms': {
    msw: () => fetch(`${baseUrl}/forms`, { method: 'POST', headers: auth, body }),
    direct: () => server.mock.handle({ method: 'POST', path: '/forms', headers: auth, body }),
  },
  '401': {
    msw: () => fetch(`${baseUrl}/forms`),
    direct: () => server.mock.handle({ method: 'GET', path: '/forms', headers: {} }),
  },
}

const time = async (fn: () => Promise<unknown>) => {
  const samples: number[] = []
  for (let i = 0; i < N; i++) {
    const started = performance.now()
    const result = await fn()
    if (result instanceof Response) await result.text()
    samples.push(performance.now() - started)
  }
  return samples
}

const results: Record<string, { msw: number; direct: number; mswP99: number; directP99: number }> =
  {}
for (const [name, { msw, direct }] of Object.entries(cases)) {
  await time(msw)
  await time(direct)
  const m = await time(msw)
  const d = await time(direct)
  results[name] = {
    msw: median(m),
    direct: median(d),
    mswP99: percentile(m, 99),
    directP99: percentile(d, 99),
  }
}
server.close()
process.stdout.write(`${JSON.stringify(results)}\n`)
