import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { WINDOW_MS } from '../../mock/http/state/keeper.ts'
import { ROOT, runCli, startCli } from './cli.ts'

/**
 * `serve` as a team shares it: `--state` kept through a real `kill -9` and a real failing disk
 * (a file size limit set on the running process), and the control routes closed off loopback.
 */
const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-shared-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const running = new Set<ReturnType<typeof startCli>>()
afterEach(() => {
  for (const cli of running) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
  running.clear()
})

const serve = async (args: string[], env: Record<string, string> = {}) => {
  const cli = startCli(['serve', '--port', '0', ...args], { env })
  running.add(cli)
  const [, apiRoot] = await cli.waitFor(
    /curl -H "Authorization: Bearer acme-demo-key" (\S+)\/forms/,
  )
  return { cli, apiRoot: apiRoot as string, origin: new URL(apiRoot as string).origin }
}
const headers = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
const createForm = async (apiRoot: string, title: string) => {
  const res = await fetch(`${apiRoot}/forms`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { form: { id: string } }).form.id
}
const getForm = (apiRoot: string, id: string) =>
  fetch(`${apiRoot}/forms/${id}`, { headers }).then(async (res) => ({
    status: res.status,
    title: res.ok ? ((await res.json()) as { form: { title: string } }).form.title : undefined,
  }))
/** Lines of a journal that are not whole JSON: none, when it was left as it should be. */
const brokenLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .slice(0, -1)
    .filter((line) => {
      try {
        JSON.parse(line)
        return false
      } catch {
        return true
      }
    })

describe('serve --state through a crash', () => {
  it('holds, after a kill -9, every write answered more than one window before it', async () => {
    const path = join(dir, 'killed.json')
    const first = await serve(['--state', path])
    // Writes of every kind, long before the kill.
    const kept = await createForm(first.apiRoot, 'Kept')
    const renamed = await createForm(first.apiRoot, 'Named once')
    const deleted = await createForm(first.apiRoot, 'Deleted')
    await fetch(`${first.apiRoot}/forms/${renamed}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ title: 'Renamed' }),
    })
    expect(
      (await fetch(`${first.apiRoot}/forms/${deleted}`, { method: 'DELETE', headers })).status,
    ).toBe(200)

    // Then three clients creating forms as fast as they are answered, until the kill.
    const answered: { id: string; title: string; at: number }[] = []
    let killed = false
    const client = async (name: string) => {
      for (let i = 0; !killed; i++) {
        const title = `${name} ${i}`
        try {
          const id = await createForm(first.apiRoot, title)
          answered.push({ id, title, at: performance.now() })
        } catch {
          return // the connection went with the process
        }
      }
    }
    const clients = Promise.all(['a', 'b', 'c'].map(client))
    await sleep(1_500)
    const killedAt = performance.now()
    first.cli.child.kill('SIGKILL')
    killed = true
    await clients
    expect(await first.cli.exited).toBe(null)

    const second = await serve(['--state', path])
    expect(second.cli.output()).toMatch(
      /State {8}loaded from .*killed\.json and \d+ changes from its journal/,
    )
    const before = answered.filter((write) => write.at < killedAt - WINDOW_MS)
    expect(before.length).toBeGreaterThan(20)
    const missing = []
    for (const write of before) {
      const read = await getForm(second.apiRoot, write.id)
      if (read.status !== 200 || read.title !== write.title) missing.push(write)
    }
    expect(missing).toEqual([])
    expect(await getForm(second.apiRoot, kept)).toEqual({ status: 200, title: 'Kept' })
    expect(await getForm(second.apiRoot, renamed)).toEqual({ status: 200, title: 'Renamed' })
    expect((await getForm(second.apiRoot, deleted)).status).toBe(404)
    // The restarted mock draws on from where the killed one stopped: no id handed out twice.
    const handedOut = new Set([kept, renamed, deleted, ...answered.map((write) => write.id)])
    expect(handedOut.has(await createForm(second.apiRoot, 'After the restart'))).toBe(false)
  })
})

describe('serve --state on a disk that stops taking writes', () => {
  it('reports it once, keeps the journal whole, serves on, and saves everything once it can', async () => {
    const path = join(dir, 'full.json')
    const journal = `${path}.journal`
    const first = await serve(['--state', path])
    const pid = String(first.cli.child.pid)
    const saved = await createForm(first.apiRoot, 'Saved before the disk filled')
    await expect
      .poll(() => readFileSync(journal, 'utf8').split('\n').length, { timeout: 5_000 })
      .toBe(3)
    // The process may write no file beyond a few bytes past the journal's end (EFBIG, as a full
    // disk answers ENOSPC): the next write fails part-way.
    execFileSync('prlimit', ['--pid', pid, `--fsize=${statSync(journal).size + 100}:`])
    const waiting: string[] = []
    for (let i = 0; i < 5; i++) {
      waiting.push(await createForm(first.apiRoot, `Answered while the disk was full ${i}`))
      await sleep(150)
    }
    await first.cli.waitFor(/Could not save the latest changes to .*full\.json\.journal \(EFBIG/)
    expect(first.cli.output().match(/Could not save/g)).toHaveLength(1)
    expect(brokenLines(journal)).toEqual([])
    // Still serving, reads and writes.
    expect(await getForm(first.apiRoot, waiting[0] as string)).toMatchObject({ status: 200 })

    execFileSync('prlimit', ['--pid', pid, '--fsize=unlimited:'])
    await first.cli.waitFor(/Saving works again: every change is in .*full\.json\.journal again\./)
    first.cli.child.kill('SIGKILL')
    await first.cli.exited

    const second = await serve(['--state', path])
    for (const id of [saved, ...waiting]) {
      expect(await getForm(second.apiRoot, id)).toMatchObject({ status: 200 })
    }
  })
})

/** The machine's own address on a non-loopback interface, if it has one. */
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address

describe('serve: the control routes off loopback', () => {
  // Bound to this machine's own interface address and reached only from this machine.
  it.runIf(ownAddress)(
    'need the token made for the run and printed, and keep the rest open',
    async () => {
      const { cli, origin, apiRoot } = await serve(['--host', ownAddress as string])
      expect(origin).toBe(`http://${ownAddress}:${new URL(origin).port}`)
      const [, token] = await cli.waitFor(/with this run's token:\n {4}(\S+)\n/)
      const refused = await fetch(`${origin}/__mock/state`)
      expect(refused.status).toBe(401)
      expect(Object.keys((await refused.json()) as object)).toEqual(['error'])
      const reset = await fetch(`${origin}/__mock/reset`, {
        method: 'POST',
        headers: { authorization: 'Bearer guessed-token-123456' },
      })
      expect(reset.status).toBe(401)
      const state = await fetch(`${origin}/__mock/state`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(state.status).toBe(200)
      expect(await state.json()).toMatchObject({ format: 'engagement-mock-state' })
      // The reset the banner prints works as printed.
      const printed = cli
        .output()
        .match(/Reset: curl -X POST -H "Authorization: Bearer (\S+)" (\S+)\/__mock\/reset/)
      expect(printed?.slice(1)).toEqual([token, origin])
      expect(
        (
          await fetch(`${origin}/__mock/reset`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(200)
      expect((await fetch(`${apiRoot}/forms`, { headers })).status).toBe(200)
      expect((await fetch(`${origin}/docs`)).status).toBe(200)
    },
  )

  it('need the token given by the environment, which the banner does not print', async () => {
    const token = 'team-token-from-the-environment'
    const { cli, origin } = await serve([], { ENGAGEMENT_MOCK_CONTROL_TOKEN: token })
    expect(cli.output()).not.toContain(token)
    expect(cli.output()).toMatch(
      /Control {6}\/__mock\/\* needs "Authorization: Bearer <token>" \(--control-token or ENGAGEMENT_MOCK_CONTROL_TOKEN\)/,
    )
    expect((await fetch(`${origin}/__mock/state`)).status).toBe(401)
    const state = await fetch(`${origin}/__mock/state`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(state.status).toBe(200)
  })

  it('stay open on loopback without a token, as before, and say so', async () => {
    const { cli, origin } = await serve([])
    expect(cli.output()).toMatch(/Control {6}\/__mock\/\* open: the mock listens on loopback only/)
    expect((await fetch(`${origin}/__mock/state`)).status).toBe(200)
  })

  it('refuses a control token too short to be one, before starting', async () => {
    const result = await runCli(['serve', '--port', '0', '--control-token', 'secret'])
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(/--control-token.*at least 16 visible ASCII characters/)
  })
})

describe("docs/usage.md's container recipe", () => {
  const markdown = readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')
  const cmd = JSON.parse(markdown.match(/^CMD (\[.*\])$/m)?.[1] ?? '[]') as string[]

  it('runs the command the package installs, and compose runs the same with a public URL', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
    }
    expect(cmd[0]).toBe(`./node_modules/.bin/${Object.keys(manifest.bin)[0]}`)
    const compose = markdown.match(/^ {4}command: (\[[\s\S]*?\])\n/m)?.[1] ?? '[]'
    expect(JSON.parse(compose)).toEqual([...cmd, '--public-url', 'https://mock.example.com'])
  })

  it('starts as written and keeps its state where the volume is', async () => {
    // Here on loopback and a free port, the volume a temp folder; every other flag as written.
    const file = join(dir, 'container', 'mock.json')
    const args = cmd
      .slice(1)
      .map((arg) =>
        arg === '0.0.0.0'
          ? '127.0.0.1'
          : arg === '4010'
            ? '0'
            : arg === '/data/mock.json'
              ? file
              : arg,
      )
    expect(args).toEqual(['serve', '--host', '127.0.0.1', '--port', '0', '--state', file])
    const cli = startCli(args)
    running.add(cli)
    await cli.waitFor(/every change saved within 100 ms/)
    expect(statSync(file).size).toBeGreaterThan(0)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
  })
})
