import { type Aggregate, aggregate } from './aggregate.ts'
import type { Child } from './child.ts'
import { BENCH_KEY, POST_KEY } from './filler.ts'
import { type Load, type WrkResult, wrk } from './wrk.ts'

/** The requests the bench sends, and the interleaved runs that compare servers on them. */
export const log = (line: string) => process.stderr.write(`${line}\n`)

export const auth = (key: string) => ({ Authorization: `Bearer ${key}` })
export const json = { 'Content-Type': 'application/json' }
export const POST_BODY = JSON.stringify({
  title: 'Bench form',
  fields: [
    { kind: 'single_choice', config: { label: 'Which track?', options: ['AI', 'Web'] } },
    { kind: 'short_text', config: { label: 'Team name' } },
    { kind: 'rating', config: { label: 'Venue', max: 5 } },
  ],
})
export const loads = {
  'GET /forms': (url: string): Load => ({ url: `${url}/api/v1/forms`, headers: auth(BENCH_KEY) }),
  'GET /sessions': (url: string): Load => ({
    url: `${url}/api/v1/sessions`,
    headers: auth(BENCH_KEY),
  }),
  'POST /forms': (url: string): Load => ({
    url: `${url}/api/v1/forms`,
    method: 'POST',
    headers: { ...auth(POST_KEY), ...json },
    body: POST_BODY,
  }),
  '401 (no key)': (url: string): Load => ({ url: `${url}/api/v1/forms` }),
  'PATCH /forms/{id}': (url: string, formId?: unknown): Load => ({
    url: `${url}/api/v1/forms/${String(formId)}`,
    method: 'PATCH',
    headers: { ...auth(BENCH_KEY), ...json },
    body: '{"title":"Renamed by the benchmark"}',
  }),
}
export type Scenario = keyof typeof loads

/** Interleaves the servers run by run, so drift on the machine hits them alike. */
export const compareRuns = async (
  scenario: Scenario,
  servers: Record<string, Child>,
  settings: { seconds: number; runs: number; connections: number },
): Promise<Record<string, Aggregate>> => {
  const { seconds, runs, connections } = settings
  for (const child of Object.values(servers))
    await wrk(loads[scenario](child.info.url, child.info.formId), { seconds: 1, connections })
  const collected: Record<string, WrkResult[]> = {}
  for (let i = 0; i < runs; i++) {
    for (const [name, child] of Object.entries(servers)) {
      const result = await wrk(loads[scenario](child.info.url, child.info.formId), {
        seconds,
        connections,
      })
      const list = collected[name] ?? []
      list.push(result)
      collected[name] = list
      log(
        `  ${scenario} ${name} run ${i + 1}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
      )
    }
  }
  return Object.fromEntries(Object.entries(collected).map(([name, r]) => [name, aggregate(r)]))
}
