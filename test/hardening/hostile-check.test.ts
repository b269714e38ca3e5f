import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { REPORT_FILES } from '../../mock/report-format/files.ts'
import { runCli } from '../cli/cli.ts'
import { type Hostile, leaks, startHostile, writtenFiles } from './hostile.ts'

/** A deployment whose every read of one form is 100,000 levels deep, and which echoes the key. */
const deepReads = () =>
  startHostile({
    echo: true,
    fault: (method, path) => (method === 'GET' && /^\/forms\/[^/?]+$/.test(path) ? 'deep' : 'none'),
  })

let hostile: Hostile
let tmp: string
beforeAll(async () => {
  hostile = await deepReads()
  tmp = mkdtempSync(join(tmpdir(), 'hostile-check-'))
})
afterAll(async () => {
  await hostile.close()
  rmSync(tmp, { recursive: true, force: true })
})

const NESTED = 'answer nested deeper than 256 levels: not checked further'
const keys = { key: ACME_KEY, otherOrgKey: GLOBEX_KEY, noEntitlementsKey: GLOBEX_KEY }

describe('check against a deployment answering 100,000-deep JSON and echoing its keys', () => {
  it('names the depth in its failures, writes its reports, and writes no key', async () => {
    const reportDir = join(tmp, 'check')
    const result = await runConformance({
      baseUrl: hostile.apiRoot,
      ...keys,
      reportDir,
      filter: (check) => check.operations.includes('getForm'),
    })
    const failed = result.checks.filter((c) => c.state === 'failed')
    expect(failed.length).toBeGreaterThan(0)
    for (const check of failed) expect(check.message).toContain(NESTED)
    expect(result.exitCode).toBe(1)
    const md = readFileSync(join(reportDir, 'conformance.md'), 'utf8')
    expect(md).toContain(NESTED)
    // The keys were echoed in every answer's body and headers: replaced by their variables.
    expect(md).toContain('$CONTRACT_API_KEY')
    const written = [...writtenFiles(reportDir), { path: 'result', text: JSON.stringify(result) }]
    expect(leaks(ACME_KEY, written)).toEqual([])
    expect(leaks(GLOBEX_KEY, written)).toEqual([])
  }, 60_000)

  it('--explore writes its report, whatever the deployment answers', async () => {
    const reportDir = join(tmp, 'explore')
    // Every read deep, lists too: whatever exploration reads back is too deep to read.
    const everyRead = await startHostile({
      echo: true,
      fault: (method) => (method === 'GET' ? 'deep' : 'none'),
    })
    const result = await runConformance({
      baseUrl: everyRead.apiRoot,
      ...keys,
      reportDir,
      filter: () => false,
      explore: { runs: 3, seed: 7, timeLimitMs: 20_000 },
    }).finally(() => everyRead.close())
    expect(result.exploration?.error).toBeUndefined()
    expect(result.exploration?.runsDone).toBeGreaterThan(0)
    // What it read back was too deep to read: a divergence that says so.
    expect(result.exploration?.divergences[0]?.summary).toContain(NESTED)
    const md = readFileSync(join(reportDir, 'conformance.md'), 'utf8')
    expect(md).toMatch(/## Exploration/)
    expect(readFileSync(join(reportDir, 'contract-junit.xml'), 'utf8')).toContain('Exploration')
    const written = [...writtenFiles(reportDir), { path: 'result', text: JSON.stringify(result) }]
    expect(leaks(ACME_KEY, written)).toEqual([])
  }, 60_000)

  it('an error of its own part way still writes the reports of what ran, naming it (exit 3)', async () => {
    const reportDir = join(tmp, 'own-error')
    let seen = 0
    const result = await runConformance({
      baseUrl: hostile.apiRoot,
      ...keys,
      reportDir,
      filter: (check) => check.operations.includes('listForms'),
      onCheck: () => {
        seen += 1
        if (seen === 2) throw new Error(`disk on fire near ${ACME_KEY}`)
      },
    })
    expect(result.checks).toHaveLength(2)
    expect(result.run.error).toBe('disk on fire near $CONTRACT_API_KEY')
    expect(result.exitCode).toBe(3)
    const md = readFileSync(join(reportDir, 'conformance.md'), 'utf8')
    expect(md).toContain('**The run stopped on an error of its own:** disk on fire near')
    const junit = readFileSync(join(reportDir, 'contract-junit.xml'), 'utf8')
    expect(junit).toContain('type="RunError"')
    expect(leaks(ACME_KEY, writtenFiles(reportDir))).toEqual([])
  }, 60_000)

  it('as a command: the console and the reports name the depth and carry no key', async () => {
    const reportDir = join(tmp, 'cli')
    const run = await runCli([
      'check',
      hostile.apiRoot,
      '--key',
      ACME_KEY,
      '--other-org-key',
      GLOBEX_KEY,
      '--max-requests',
      '60',
      '--report-dir',
      reportDir,
    ])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain(NESTED)
    const written = [
      ...writtenFiles(reportDir),
      { path: 'stdout', text: run.stdout },
      { path: 'stderr', text: run.stderr },
    ]
    // The four reports (conformance.md, .json, .html, contract-junit.xml), stdout and stderr.
    expect(written).toHaveLength(REPORT_FILES.length + 2)
    expect(leaks(ACME_KEY, written)).toEqual([])
    expect(leaks(GLOBEX_KEY, written)).toEqual([])
  }, 90_000)
})
