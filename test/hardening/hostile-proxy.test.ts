import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { startCli } from '../cli/cli.ts'
import { type Fault, type Hostile, leaks, startHostile, writtenFiles } from './hostile.ts'

let hostile: Hostile
let tmp: string
beforeAll(async () => {
  hostile = await startHostile({ echo: true })
  tmp = mkdtempSync(join(tmpdir(), 'hostile-proxy-'))
})
afterAll(async () => {
  await hostile.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('the proxy in front of a hostile deployment', () => {
  it('serves on through every fault, writes its reports and a whole HAR on SIGINT, and writes the echoed key nowhere', async () => {
    const reports = join(tmp, 'reports')
    const har = join(tmp, 'session.har')
    const cli = startCli([
      'proxy',
      hostile.apiRoot,
      '--port',
      '0',
      '--timeout-ms',
      '1500',
      '--report-dir',
      reports,
      '--record',
      har,
    ])
    const [, root] = await cli.waitFor(/Point your app at (\S+) /)
    const call = (fault: Fault, path = '/forms', init: RequestInit = {}) =>
      fetch(`${root}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${ACME_KEY}`,
          'content-type': 'application/json',
          'x-fault': fault,
        },
      })
    const created = await call('none', '/forms', {
      method: 'POST',
      body: JSON.stringify({ title: 'Hostile' }),
    })
    expect(created.status).toBe(201)
    // A valid create: no request issue is named in its headers (its body came after them).
    expect(created.headers.get('x-contract-request-issues')).toBeNull()
    const id = ((await created.json()) as { form: { id: string } }).form.id
    const statuses: Record<string, number | string> = {}
    for (const fault of ['deep', 'huge', 'invalid', 'wrong-types', 'drip'] as const) {
      const answer = await call(fault, `/forms/${id}`)
      await answer.arrayBuffer()
      statuses[fault] = answer.status
    }
    for (const fault of ['reset', 'silence'] as const) {
      statuses[fault] = (await call(fault, `/forms/${id}`)).status
    }
    // The answers pass as the deployment sent them; no answer at all is a 502 saying why.
    expect(statuses).toEqual({
      deep: 200,
      huge: 200,
      invalid: 200,
      'wrong-types': 200,
      drip: 200,
      reset: 502,
      silence: 502,
    })
    // Still serving after all of it.
    expect((await call('none', `/forms/${id}`)).status).toBe(200)
    await cli.waitFor(/#8 GET \/api\/v1\/forms\/\S+ → 502: no answer within 1500 ms/)
    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(1)

    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    // The reset and the silence got no answer: counted apart, as notes.
    expect(report.traffic.exchanges).toBe(7)
    expect(Object.keys(report.traffic.notes)).toEqual(
      expect.arrayContaining([
        'answer nested deeper than 256 levels: not checked further',
        'answer body over the size limit: not checked',
      ]),
    )
    expect(report.traffic.violations.map((v: { message: string }) => v.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^answered 200 with a body that is not JSON/),
        expect.stringMatching(/^not the documented answer of GET \/forms\/\{id\}.*form\.id/),
      ]),
    )
    // The HAR is whole, and carries each key as its placeholder.
    const recorded = JSON.parse(readFileSync(har, 'utf8'))
    const first = recorded.log.entries[0]
    expect(first.request.headers).toContainEqual({
      name: 'authorization',
      value: 'Bearer $API_KEY_1',
    })
    expect(first.response.headers).toContainEqual({
      name: 'x-debug-authorization',
      value: 'Bearer $API_KEY_1',
    })
    expect(first.response.content.text).toContain('"caller":"Bearer $API_KEY_1"')
    const written = [...writtenFiles(tmp), { path: 'console', text: cli.output() }]
    expect(written.map((w) => w.path)).toEqual(
      expect.arrayContaining([
        join(reports, 'conformance.md'),
        join(reports, 'contract-junit.xml'),
      ]),
    )
    expect(leaks(ACME_KEY, written)).toEqual([])
  }, 60_000)
})
