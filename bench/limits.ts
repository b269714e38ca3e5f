import { LIMITS } from '../contract/index.ts'
import { createMock } from '../mock/create.ts'
import { asAcme, yesNo } from '../test/hardening/acme.ts'
import { worstBodies } from '../test/hardening/worst-bodies.ts'
import { median } from './lib/stats.ts'

/**
 * "Never a slowdown" at the limits, in process (`mock.handle`, no HTTP): each refusal timed against
 * a request of the same size class that is refused or accepted in the ordinary way, in one run.
 * Prints one JSON line: per case, the median ms of the probe and of its baseline, and for the worst
 * bodies of JSON.parse alone on the same text.
 */
const N = Number(process.argv[2] ?? 15)
const mock = createMock({ plan: false })
await mock.ready
const { call, created } = asAcme(mock)

const time = async (prepare: () => Promise<() => Promise<unknown>>) => {
  const samples: number[] = []
  for (let i = 0; i < N + 2; i++) {
    const run = await prepare()
    const started = performance.now()
    await run()
    if (i >= 2) samples.push(performance.now() - started)
  }
  return median(samples)
}

const fields = (n: number) => Array.from({ length: n }, (_, i) => yesNo(i))
const formWith = async (n: number): Promise<string> =>
  (await created('/forms', { title: 'Limits', fields: fields(n) })).form.id
const full = await formWith(LIMITS.fieldsPerForm)
const plainMiB = `{"title":"${'x'.repeat(LIMITS.bodyBytes - 12)}"}`

const results: Record<
  string,
  { probe: number; baseline: number; baselineName: string; parse?: number }
> = {}
const plain = await time(async () => () => call('POST', '/forms', plainMiB))
for (const [method, path, body] of worstBodies(await formWith(3))) {
  const name = `${method} ${path.replace(/\/(frm|fld)_\w+/g, '/{id}')} ${body.slice(0, 14)}…`
  const probe = await time(async () => () => call(method, path, body))
  // What any server that reads JSON pays for this body, before it can refuse it.
  const parse = await time(async () => async () => {
    try {
      JSON.parse(body)
    } catch {}
  })
  results[name] = { probe, baseline: plain, baselineName: '1 MiB title (400)', parse }
}
results['101st field (409)'] = {
  probe: await time(async () => () => call('POST', `/forms/${full}/fields`, yesNo(101))),
  baseline: await time(async () => {
    const id = await formWith(1)
    return () => call('POST', `/forms/${id}/fields`, yesNo(2))
  }),
  baselineName: 'second field (201)',
}
results['101 inline fields (400)'] = {
  probe: await time(
    async () => () =>
      call('POST', '/forms', { title: 'Over', fields: fields(LIMITS.fieldsPerForm + 1) }),
  ),
  baseline: await time(
    async () => () => call('POST', '/forms', { title: 'At', fields: fields(LIMITS.fieldsPerForm) }),
  ),
  baselineName: '100 inline fields (201)',
}
process.stdout.write(`${JSON.stringify(results)}\n`)
