import { describe, expect, it } from 'vitest'
import { overlapping, sameReport } from '../../../test/contract-selftest/same-report.ts'
import { createMock } from '../../create.ts'
import {
  explorationMarkdown,
  withExplorationSuite,
} from '../../report-format/exploration-report.ts'
import { readEnv } from '../engine/env.ts'
import { Run } from '../engine/run-state.ts'
import { explore, exploreBound } from './explore.ts'
import { mockFetch } from './oracle.ts'
import { World } from './world.ts'

const BASE = 'http://deployment.test/api/v1'

type Rewrite = (url: string, init: RequestInit) => RequestInit & { url?: string }

/** A deployment in this process: the demo mock, optionally behind a request rewrite. */
const deployment = async (rewrite?: Rewrite) => {
  const mock = createMock()
  await mock.ready
  const fetchMock = mockFetch(mock)
  const rewritten: typeof fetch = (input, init = {}) => {
    const { url, ...sent } = rewrite ? rewrite(String(input), init) : { ...init, url: undefined }
    return fetchMock(url ?? input, sent)
  }
  const { fetch: fetchImpl, seen } = overlapping(rewritten)
  const start = (
    overrides: {
      maxRequests?: number
      strict?: boolean
      runId?: string
      concurrency?: number
    } = {},
  ) => new Run({ ...readEnv({}, { baseUrl: BASE }), strict: false, ...overrides }, fetchImpl)
  return Object.assign(start, { seen })
}

/** Closing a form publishes it instead: refused once it is published, a fault of a sequence. */
const closeIsPublish: Rewrite = (url, init) =>
  init.method === 'POST' && url.endsWith('/close')
    ? { ...init, url: url.replace(/\/close$/, '/publish') }
    : init

/** Drops the open-now option of POST /sessions: the created session is a draft. */
const ignoreOpenNow = (url: string, init: RequestInit): RequestInit => {
  if (init.method !== 'POST' || !url.endsWith('/sessions') || typeof init.body !== 'string') {
    return init
  }
  const { open: _, ...body } = JSON.parse(init.body) as Record<string, unknown>
  return { ...init, body: JSON.stringify(body) }
}

describe('explore', () => {
  it('reports nothing against a faithful deployment, within its printed bound, every request counted', async () => {
    const run = (await deployment())({ maxRequests: 5_000 })
    const lines: string[] = []
    const result = await explore({ run, runs: 40, seed: 7, log: (line) => lines.push(line) })
    expect(result.error).toBeUndefined()
    expect(result.divergences).toEqual([])
    expect(result.runsDone).toBe(40)
    expect(lines[0]).toContain(`at most ${exploreBound({ runs: 40 })} requests`)
    expect(result.requests).toBe(run.requests)
    expect(result.requests).toBeGreaterThan(40)
    expect(result.requests).toBeLessThanOrEqual(result.bound.requests)
    // Forms are deleted after each sequence; sessions, series and reports have no delete.
    expect(run.created.every((record) => record.kind !== 'form')).toBe(true)
    // It built the pairs a sequence-only fault needs, on one record, and says so.
    const pairs = result.reach?.pairs ?? []
    const writes = pairs.filter((p) => p.first === p.then && !p.first.startsWith('GET'))
    expect(writes.map((p) => p.first)).toEqual(
      expect.arrayContaining(['PATCH /forms/{id}', 'PATCH /forms/{id}/settings']),
    )
    const transitions = ['POST /forms/{id}/publish', 'POST /forms/{id}/close']
    expect(
      pairs.filter((p) => p.first.startsWith('PATCH /forms') && transitions.includes(p.then)),
    ).not.toEqual([])
    expect(pairs.map((p) => `${p.first} → ${p.then}`)).toContain(
      'POST /forms/{id}/close → GET /forms',
    )
    const closed = result.reach?.listItems.find(
      (i) => i.list === 'GET /forms' && i.after === 'POST /forms/{id}/close',
    )
    expect(closed?.own).toBeGreaterThan(0)
    const markdown = explorationMarkdown(result).join('\n')
    expect(markdown).toContain('### What it built and compared')
    expect(markdown).toContain('| `POST /forms/{id}/close` | `GET /forms` |')
  })

  it('finds a fault only a sequence shows, shrinks it, and finds the same sequence again with the same seed', async () => {
    const start = await deployment(closeIsPublish)
    const first = await explore({ run: start({ maxRequests: 5_000 }), runs: 100, seed: 4 })
    const again = await explore({ run: start({ maxRequests: 5_000 }), runs: 100, seed: 4 })
    const [divergence] = first.divergences
    expect(divergence?.summary).toMatch(/^POST \/forms\/\{id\}\/close/)
    expect(divergence?.steps.length).toBeLessThanOrEqual(3)
    expect(divergence?.steps.map((s) => s.intent)).toEqual(
      again.divergences[0]?.steps.map((s) => s.intent),
    )
    // Ids travel between steps in shell variables read from earlier answers.
    const variable = /\/forms\/'"\$(FORM_\d+)"'\/close/.exec(divergence?.script ?? '')?.[1]
    expect(variable).toBeDefined()
    expect(divergence?.script).toMatch(
      new RegExp(`${variable}=\\$\\(printf %s "\\$R\\d+" \\| json form id\\)`),
    )
    const markdown = explorationMarkdown(first).join('\n')
    expect(markdown).toContain('## Exploration')
    expect(markdown).toContain(`--explore-seed ${divergence?.seed}`)
  })

  it('keeps cleaning up after a deployment refuses to delete one form (409 on a published form)', async () => {
    const mock = createMock()
    await mock.ready
    const fetchMock = mockFetch(mock)
    let refused = 0
    // Deletes only drafts, as a deployment may: a refusal of this form, not a missing operation.
    const keepsPublished: typeof fetch = async (input, init = {}) => {
      const url = String(input)
      if (init.method === 'DELETE' && /\/forms\/[^/]+$/.test(url)) {
        const form = await fetchMock(url, { headers: init.headers ?? {} })
        const { form: read } = (await form.json()) as { form?: { status?: string } }
        if (read?.status !== undefined && read.status !== 'draft') {
          refused += 1
          return Response.json({ error: 'published forms are kept' }, { status: 409 })
        }
      }
      return fetchMock(input, init)
    }
    const run = new Run({ ...readEnv({}, { baseUrl: BASE }), strict: false }, keepsPublished)
    const result = await explore({ run, runs: 40, seed: 7 })
    expect(result.divergences).toEqual([])
    expect(refused).toBeGreaterThan(0)
    const left = run.created.filter((record) => record.kind === 'form')
    const drafts = left.filter((record) => mock.store.forms.get(record.id)?.status === 'draft')
    // Before, the first 409 read as "no delete": every later run's forms, drafts too, stayed.
    expect(drafts).toEqual([])
    expect(left.length).toBeLessThanOrEqual(refused)
  })

  it('stops before a run that could exceed the request budget', async () => {
    const run = (await deployment())({ maxRequests: 100 })
    const result = await explore({ run, runs: 50, seed: 1 })
    expect(result.stopped).toMatch(/request budget \(100\)/)
    expect(result.runsDone).toBeLessThan(50)
    expect(run.requests).toBeLessThanOrEqual(100)
  })

  it('compares state names as a consistent mapping, and by name only under strict', () => {
    const roles = new Set(['main'] as const)
    const world = new World(false, roles, new Set())
    expect(world.state('form', 'draft', 'draft')).toBeUndefined()
    expect(world.state('form', 'published', 'live')).toBeUndefined()
    expect(world.state('form', 'published', 'live')).toBeUndefined()
    expect(world.state('form', 'closed', 'live')).toMatch(
      /"live" stood for the model's "published"/,
    )
    expect(world.state('form', 'published', 'pending')).toMatch(/was "live"/)
    expect(new World(true, roles, new Set()).state('form', 'draft', 'pending')).toMatch(/profile/)
  })

  it('holds draft, the one state name §3 gives, to itself on both sides', () => {
    const world = new World(false, new Set(['main'] as const), new Set())
    expect(world.state('form', 'draft', 'pending')).toMatch(/§3 names draft/)
    expect(world.state('session', 'open', 'draft')).toMatch(/§3 names draft/)
  })

  it('finds an ignored open-now option at the create itself: the session stays a draft', async () => {
    const start = await deployment(ignoreOpenNow)
    const result = await explore({ run: start({ maxRequests: 5_000 }), runs: 100, seed: 3 })
    const [divergence] = result.divergences
    expect(divergence?.steps).toHaveLength(1)
    expect(divergence?.summary).toMatch(/POST \/sessions .*status: the model's "open" is "draft"/)
  })
})

/** A deployment without a phone field kind: the mock refuses the kind it is sent instead. */
const noPhones: Rewrite = (url, init) => {
  if (init.method !== 'POST' || typeof init.body !== 'string') return init
  const phone = (field: { kind?: string }) =>
    field.kind === 'phone' ? { ...field, kind: 'telephone' } : field
  const body = JSON.parse(init.body) as { kind?: string; fields?: Array<{ kind?: string }> }
  if (/\/fields$/.test(url)) return { ...init, body: JSON.stringify(phone(body)) }
  if (!/\/forms$/.test(url) || !Array.isArray(body.fields)) return init
  return { ...init, body: JSON.stringify({ ...body, fields: body.fields.map(phone) }) }
}

describe('exploration on what the reference leaves open', () => {
  it('probes the kinds no file names, notes a refused one with its file key, and never sends it again', async () => {
    const start = await deployment(noPhones)
    const lines: string[] = []
    const result = await explore({
      run: start({ maxRequests: 5_000 }),
      runs: 60,
      seed: 11,
      log: (line) => lines.push(line),
    })
    expect(result.divergences).toEqual([])
    expect(result.probe.refused).toEqual(['forms.fields.phone'])
    expect(result.probe.confirmed).toContain('forms.fields.email')
    const [note] = result.notes.filter((n) => n.kind === 'vocabulary')
    expect(note).toMatchObject({ request: 'POST /forms/{id}/fields', keys: ['forms.fields.phone'] })
    expect(note?.deployment).toMatch(/^400 /)
    expect(lines.join('\n')).toContain('refused forms.fields.phone')
    const markdown = explorationMarkdown(result).join('\n')
    expect(markdown).toContain('### Notes: where the reference does not decide (not divergences)')
    expect(markdown).toMatch(
      /\| vocabulary \| `POST \/forms\/\{id\}\/fields` \| probe: a phone field \|/,
    )
  })

  it('under --strict sends every kind and holds the deployment to the profile: the refusal diverges', async () => {
    const start = await deployment(noPhones)
    const result = await explore({
      run: start({ maxRequests: 5_000, strict: true }),
      runs: 100,
      seed: 7,
    })
    expect(result.probe).toEqual({ confirmed: [], refused: [] })
    expect(result.divergences[0]?.summary).toMatch(
      /the model accepted \(201\), the deployment refused \(400\)/,
    )
  })
})

describe('the exploration JUnit suite', () => {
  it('adds one failed case per divergence and keeps the file totals right', async () => {
    const start = await deployment(ignoreOpenNow)
    const result = await explore({ run: start({ maxRequests: 5_000 }), runs: 100, seed: 3 })
    const junit =
      '<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="x" tests="3" failures="1" errors="0" time="1">\n  <testsuite name="a" tests="3" failures="1"></testsuite>\n</testsuites>\n'
    const merged = withExplorationSuite(junit, result)
    expect(merged).toContain('<testsuites name="x" tests="4" failures="2"')
    expect(merged).toMatch(
      /<testcase classname="exploration" name="Exploration divergence \(seed 3/,
    )
    expect(merged.indexOf('name="Exploration"')).toBeLessThan(merged.indexOf('</testsuites>'))
  })
})

/** The same exploration on a fresh deployment at concurrency 1 and at 8. */
const atOneAndEight = async (
  rewrite: Rewrite | undefined,
  options: {
    runs: number
    seed: number
    maxDivergences?: number
    maxRequests?: number
    shrinkRequests?: number
  },
) => {
  const { maxRequests = 5_000, ...rest } = options
  return Promise.all(
    [1, 8].map(async (concurrency) => {
      const start = await deployment(rewrite)
      // The run's own concurrency too, as check sets both: at 1 a concurrent step waits its turn.
      const run = start({ maxRequests, runId: 'explore-test', concurrency })
      // Each run one request at a time (see test/contract-selftest/explore-concurrency.test.ts).
      const result = await explore({ run, ...rest, concurrency, concurrentShare: 0 })
      return { run, result, most: start.seen.most }
    }),
  ).then(([one, eight]) => ({
    one: one as NonNullable<typeof one>,
    eight: eight as NonNullable<typeof eight>,
  }))
}

describe('exploration with runs in parallel', () => {
  it('refuses a concurrency that is not a whole number from 1, before any request', async () => {
    const run = (await deployment())()
    for (const concurrency of [0, 1.5, Number.NaN]) {
      await expect(explore({ run, runs: 1, seed: 1, concurrency })).rejects.toThrow(
        /concurrency is a whole number from 1/,
      )
    }
    expect(run.requests).toBe(0)
  })

  it('refuses a concurrent share outside 0 to 0.9, before any request', async () => {
    const run = (await deployment())()
    for (const concurrentShare of [-0.1, 0.95, 1, Number.NaN]) {
      await expect(explore({ run, runs: 1, seed: 1, concurrentShare })).rejects.toThrow(
        `Exploration's concurrent share must be a fraction from 0 to 0.9`,
      )
    }
    expect(run.requests).toBe(0)
  })

  it('reports the same at concurrency 1 and 8 against a faithful deployment, with up to 8 runs in flight', async () => {
    const { one, eight } = await atOneAndEight(undefined, { runs: 40, seed: 7 })
    expect(one.most).toBe(1)
    expect(eight.most).toBeGreaterThan(1)
    expect(eight.most).toBeLessThanOrEqual(8)
    expect(eight.result.divergences).toEqual([])
    expect(eight.result.runsDone).toBe(40)
    expect(eight.result.beyond).toBeUndefined()
    expect(sameReport(eight.result)).toEqual(sameReport(one.result))
    expect(eight.result.requests).toBe(one.result.requests)
    expect(eight.run.requests).toBe(one.run.requests)
    // Coverage, the first place each outcome was seen included: merged in run order.
    expect(eight.run.coverage.summary()).toEqual(one.run.coverage.summary())
  })

  it('finds, shrinks and reports the same divergences at concurrency 1 and 8', async () => {
    const { one, eight } = await atOneAndEight(closeIsPublish, {
      runs: 100,
      seed: 3,
      maxDivergences: 2,
    })
    expect(eight.most).toBeGreaterThan(1)
    expect(one.result.divergences).toHaveLength(2)
    expect(sameReport(eight.result)).toEqual(sameReport(one.result))
    expect(eight.run.coverage.summary()).toEqual(one.run.coverage.summary())
    // Runs started beside the last divergence are real requests, counted, and said apart.
    expect(eight.result.requests).toBe(eight.run.requests)
    expect(one.result.beyond).toBeUndefined()
    // One value replays it: the seed; the run that found it is said beside it.
    const [first] = one.result.divergences
    expect(first?.path.split(':')[0]).toBe(String((first?.run ?? 0) - 1))
    expect(explorationMarkdown(eight.result).join('\n')).toContain(
      `Seed 3, run ${first?.run} (replay with \`--explore-seed 3\``,
    )
  })

  it('stops before a run that could exceed the request budget at the same run, whatever the concurrency', async () => {
    // In parallel each run in flight holds its bound (and one of them a divergence's shrinking).
    const { one, eight } = await atOneAndEight(undefined, {
      runs: 50,
      seed: 1,
      maxRequests: 400,
      shrinkRequests: 100,
    })
    expect(eight.most).toBeGreaterThan(1)
    expect(eight.result.stopped).toMatch(/request budget \(400\)/)
    expect(eight.result.runsDone).toBeLessThan(50)
    expect(eight.run.requests).toBeLessThanOrEqual(400)
    expect(sameReport(eight.result)).toEqual(sameReport(one.result))
  })
})
