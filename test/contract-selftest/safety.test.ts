import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, LIMITS } from '../../contract/index.ts'
import { LIST_OPS } from '../../mock/conformance/checks/helpers/lists.ts'
import { cleanup } from '../../mock/conformance/engine/cleanup.ts'
import { DEMO_KEYS } from '../../mock/conformance/engine/env.ts'
import { runCheck } from '../../mock/conformance/engine/run-check.ts'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import {
  registerConformance,
  type TestRunner,
} from '../../mock/conformance/register-conformance.ts'
import { toCurl } from '../../mock/report-format/curl.ts'
import { DEVIANTS } from './deviants.ts'
import { findCheck, runSuite, startTarget, type Target } from './harness.ts'

const exec = promisify(execFile)
let target: Target
beforeAll(async () => {
  target = await startTarget()
})
afterAll(async () => {
  await target.close()
})

type Item = { id: string; title: string }
/** Every record both demo organizations can list, by list. */
const snapshot = async (): Promise<Record<string, Item[]>> => {
  const lists: Record<string, Item[]> = {}
  for (const key of [DEMO_KEYS.main, DEMO_KEYS.otherOrg]) {
    const client = createClient({ baseUrl: target.mock.baseUrl, apiKey: key })
    for (const op of LIST_OPS) {
      const body = (await client[op]()).body as Record<string, Item[]>
      lists[`${key} ${op}`] = Object.values(body)[0] ?? []
    }
  }
  return lists
}
const isMarked = (item: Item) => item.title.startsWith('[contract ')

describe('the conformance suite is safe against a real deployment', () => {
  it('never changes or deletes a record it did not create, and marks every record it creates', async () => {
    await target.reset()
    const before = await snapshot()
    const { run } = await runSuite(target.env())
    await cleanup(run)
    const after = await snapshot()
    for (const [list, items] of Object.entries(after)) {
      expect(
        items.filter((i) => !isMarked(i)),
        list,
      ).toEqual(before[list]?.filter((i) => !isMarked(i)))
      const created = items.filter((i) => !before[list]?.some((b) => b.id === i.id))
      expect(
        created.filter((i) => !i.title.startsWith(run.marker)),
        list,
      ).toEqual([])
    }
  })

  it('deletes the forms it created, with the key that created them', async () => {
    await target.reset()
    const { run } = await runSuite(target.env())
    const outcome = await cleanup(run)
    expect(outcome.supported).toBe(true)
    expect(outcome.deleted).toBeGreaterThan(10)
    const after = await snapshot()
    const forms = [
      ...(after[`${DEMO_KEYS.main} listForms`] ?? []),
      ...(after[`${DEMO_KEYS.otherOrg} listForms`] ?? []),
    ]
    expect(forms.filter((f) => f.title.startsWith(run.marker))).toEqual([])
  })

  it('stops at its request bound: what it did not reach or finish is skipped naming the bound, never failed', async () => {
    // A bound that falls inside a check: the requests of the checks before it, and one of its own.
    await target.reset()
    const whole = (await runSuite(target.env())).results
    const straddled = whole.findIndex((r, i) => i > 0 && r.requests >= 2)
    const bound = whole.slice(0, straddled).reduce((sum, r) => sum + r.requests, 0) + 1
    await target.reset()
    const { run, results } = await runSuite(target.env({ maxRequests: bound }))
    expect(run.requests).toBe(bound)
    expect(results.filter((r) => r.state === 'failed')).toEqual([])
    expect(results.slice(0, straddled).map((r) => r.state)).toEqual(
      whole.slice(0, straddled).map((r) => r.state),
    )
    const partWay = results[straddled]
    expect(partWay).toMatchObject({ state: 'skipped', requests: 1 })
    expect(partWay?.message).toBe(
      `the run's request bound (CONTRACT_MAX_REQUESTS=${bound}) was reached part-way through this check, after 1 of its requests: not finished; raise the bound to run it`,
    )
    for (const r of results.slice(straddled + 1)) {
      expect(r).toMatchObject({
        state: 'skipped',
        requests: 0,
        message: `the run's request bound (CONTRACT_MAX_REQUESTS=${bound}) was reached before this check: not run; raise the bound to run it`,
      })
    }
    expect(run.boundStopped).toBe(results.length - straddled)
  })
})

/** What a test runner did with each registered test: vitest's `context.skip` throws to stop it. */
const runRegistered = async (register: (runner: TestRunner) => void) => {
  const before: (() => Promise<void>)[] = []
  const after: (() => Promise<void>)[] = []
  const tests: { name: string; body: (context?: unknown) => unknown }[] = []
  const skipped = Symbol('skipped')
  register({
    describe: (_, body) => body(),
    it: Object.assign(
      (name: string, body: (context?: unknown) => unknown) => tests.push({ name, body }),
      {
        skip: () => undefined,
      },
    ),
    beforeAll: (body) => before.push(body),
    afterAll: (body) => after.push(body),
  })
  for (const body of before) await body()
  const outcomes: { name: string; outcome: 'passed' | 'skipped' | 'failed'; why?: string }[] = []
  for (const test of tests) {
    let why: string | undefined
    const context = {
      skip: (reason: string) => {
        why = reason
        throw skipped
      },
    }
    try {
      await test.body(context)
      outcomes.push({ name: test.name, outcome: 'passed' })
    } catch (error) {
      if (error === skipped)
        outcomes.push({ name: test.name, outcome: 'skipped', ...(why ? { why } : {}) })
      else outcomes.push({ name: test.name, outcome: 'failed', why: (error as Error).message })
    }
  }
  for (const body of after) await body()
  return outcomes
}

describe('the test-runner adapter at the request bound', () => {
  it('skips the tests of checks the bound stopped, with the reason, and fails none', async () => {
    await target.reset()
    const outcomes = await runRegistered((runner) =>
      registerConformance(runner, {
        baseUrl: target.proxy.baseUrl,
        key: DEMO_KEYS.main,
        otherOrgKey: DEMO_KEYS.otherOrg,
        noEntitlementsKey: DEMO_KEYS.noEntitlements,
        maxRequests: 5,
      }),
    )
    expect(outcomes.filter((o) => o.outcome === 'failed')).toEqual([])
    const skipped = outcomes.filter((o) => o.outcome === 'skipped')
    expect(skipped.length).toBeGreaterThan(80)
    for (const test of skipped) {
      expect(test.why).toMatch(/^the run's request bound \(maxRequests: 5\) was reached /)
    }
    expect(outcomes.filter((o) => o.outcome === 'passed').length).toBeGreaterThan(0)
  })
})

describe('a failure is reproducible', () => {
  it('prints a curl command that, run as printed, gets the same answer', async () => {
    const deviant = DEVIANTS.find((d) => d.caughtBy.startsWith('§3 Form: publish requires'))
    const check = findCheck(deviant?.caughtBy ?? '')
    if (!deviant || !check) throw new Error('The publish deviant is missing')
    await target.reset()
    target.proxy.use(deviant.handler)
    const result = await runCheck(check, new Run(target.env()))
    const curl = result.message
      ?.split('\n')
      .find((line) => line.trim().startsWith('curl '))
      ?.trim()
    expect(curl).toContain('"authorization: Bearer $CONTRACT_API_KEY"')
    const { stdout } = await exec('bash', ['-c', curl ?? 'false'], {
      env: { ...process.env, CONTRACT_API_KEY: DEMO_KEYS.main },
    })
    expect(stdout).toMatch(/^HTTP\/1\.1 200/)
    expect(result.message).toMatch(/Received: 200/)
  })

  it('rebuilds a body over 1 MiB through a pipe, byte for byte', async () => {
    target.proxy.use(undefined)
    const body = JSON.stringify({ title: 'x', padding: 'y'.repeat(LIMITS.bodyBytes + 10) })
    const commandFor = (url: string) => {
      const request = {
        method: 'POST' as const,
        url,
        headers: { 'content-type': 'application/json' },
        body,
      }
      return toCurl(request, new Map())
    }
    // The mock answers 413 before reading it all, so what it received says nothing: a sink that
    // reads every byte and answers with their digest does.
    const sink = createServer(async (req, res) => {
      const hash = createHash('sha256')
      let bytes = 0
      for await (const chunk of req) {
        hash.update(chunk as Buffer)
        bytes += (chunk as Buffer).length
      }
      res.end(`${bytes} ${hash.digest('hex')}`)
    })
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = sink.address() as AddressInfo
      const command = commandFor(`http://127.0.0.1:${port}/forms`)
      expect(command.length).toBeLessThan(1000)
      const { stdout } = await exec('bash', ['-c', command.replace('curl -sS -i', 'curl -sS')])
      const digest = createHash('sha256').update(body).digest('hex')
      expect(stdout).toBe(`${Buffer.byteLength(body)} ${digest}`)
    } finally {
      await new Promise((resolve) => sink.close(resolve))
    }
    const { stdout } = await exec('bash', [
      '-c',
      commandFor(`${target.mock.baseUrl}/forms`).replace(
        'curl -sS -i',
        'curl -sS -o /dev/null -w "%{http_code}"',
      ),
    ])
    expect(stdout).toBe('413')
  })
})
