import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { runCli, startCli } from './cli.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-serve-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const started = new Set<ReturnType<typeof startCli>>()
// A failed assertion must not leave a server running.
afterEach(() => {
  for (const cli of started) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
  started.clear()
})

const auth = { authorization: `Bearer ${ACME_KEY}` }

/** Starts `serve` on a free port and returns the API root it printed in its first curl. */
const serve = async (...args: string[]) => {
  const cli = startCli(['serve', '--port', '0', ...args])
  started.add(cli)
  const [, apiRoot] = await cli.waitFor(
    /curl -H "Authorization: Bearer acme-demo-key" (\S+)\/forms/,
  )
  return { cli, apiRoot: apiRoot as string }
}

/** SIGTERM, and how long the process took to exit and with which status. */
const stop = async (cli: ReturnType<typeof startCli>) => {
  const started = Date.now()
  cli.child.kill('SIGTERM')
  const status = await cli.exited
  return { status, ms: Date.now() - started }
}

describe('engagement-mock serve', () => {
  it('prints a first request that works as printed, and stops with 0 on SIGTERM', async () => {
    const { cli, apiRoot } = await serve('--seed', '3')
    expect(cli.output()).toContain('acme-demo-key')
    expect(cli.output()).toContain('globex-demo-key')
    expect(cli.output()).toMatch(/Globex, no entitlements/)
    const response = await fetch(`${apiRoot}/forms`, { headers: auth })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { forms: Array<{ shareUrl: string }> }
    expect(body.forms.length).toBeGreaterThan(0)
    // Share links name the port the server really got, not the default 4010, and lead to a page.
    const shareUrl = body.forms[0]?.shareUrl ?? ''
    expect(shareUrl.startsWith(new URL(apiRoot).origin)).toBe(true)
    const share = await fetch(shareUrl)
    expect(share.status).toBe(200)
    expect(share.headers.get('content-type')).toMatch(/^text\/html/)
    const docsUrl = cli.output().match(/API docs\s+(\S+)/)?.[1] ?? ''
    const docs = await fetch(docsUrl)
    expect(docs.status).toBe(200)
    expect(await docs.text()).toContain('swagger')
    const { status, ms } = await stop(cli)
    expect(status).toBe(0)
    expect(ms).toBeLessThan(3_000)
  })

  it('keeps what was created across a restart with --state', async () => {
    const file = join(tmp, 'state.json')
    const first = await serve('--state', file)
    const created = await fetch(`${first.apiRoot}/forms`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Kept across restarts' }),
    })
    expect(created.status).toBe(201)
    const { form } = (await created.json()) as { form: { id: string } }
    expect((await stop(first.cli)).status).toBe(0)

    const second = await serve('--state', file)
    expect(second.cli.output()).toContain(`loaded from ${file}`)
    const read = await fetch(`${second.apiRoot}/forms/${form.id}`, { headers: auth })
    expect(read.status).toBe(200)
    expect((await stop(second.cli)).status).toBe(0)
  })

  it('saves the whole demo state on stop, and exports it, with no request before', async () => {
    // serve loads the demo's parts on first use: the save and the export must still hold them all.
    const file = join(tmp, 'untouched.json')
    const first = await serve('--state', file)
    expect((await stop(first.cli)).status).toBe(0)
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown[]>
    const second = await serve()
    const exported = (await (
      await fetch(`${new URL(second.apiRoot).origin}/__mock/state`)
    ).json()) as Record<string, unknown[]>
    await stop(second.cli)
    for (const name of ['forms', 'sessions', 'series', 'reports', 'responses']) {
      expect(saved[name]?.length, name).toBeGreaterThan(0)
      expect(exported[name]?.length, name).toBe(saved[name]?.length)
    }
  })

  it('adds the configured latency to every answer', async () => {
    const { cli, apiRoot } = await serve('--latency', '300')
    const started = Date.now()
    await fetch(`${apiRoot}/forms`, { headers: auth })
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(cli.output()).toContain('latency 300 ms')
    await stop(cli)
  })

  it('answers 503 to every request with --fail-rate 1', async () => {
    const { cli, apiRoot } = await serve('--fail-rate', '1')
    const response = await fetch(`${apiRoot}/forms`, { headers: auth })
    expect(response.status).toBe(503)
    await stop(cli)
  })

  it('says so when the port is taken, and exits 2 like proxy (a usage error)', async () => {
    const { cli, apiRoot } = await serve()
    const { port } = new URL(apiRoot)
    const second = await runCli(['serve', '--port', port])
    expect(second.stderr).toContain(`Port ${port} is in use`)
    expect(second.status).toBe(2)
    const proxied = await runCli(['proxy', 'http://127.0.0.1:9/api/v1', '--port', port])
    expect(proxied.stderr).toContain(`Port ${port} is in use`)
    expect(proxied.status).toBe(second.status)
    await stop(cli)
  })

  it('documents its exit statuses in --help, as proxy does', async () => {
    const { stdout, status } = await runCli(['serve', '--help'])
    expect(status).toBe(0)
    expect(stdout).toMatch(
      /Exit status:\n {2}0 .*\n {2}1 .*\n {2}2 {2}usage error: bad option, port in use, or a --scenario \/ --state file/,
    )
  })
})

describe('engagement-mock serve --scenario', () => {
  it('starts empty with --scenario empty, and reset goes back to empty', async () => {
    const { cli, apiRoot } = await serve('--scenario', 'empty')
    expect(cli.output()).toContain('Scenario     empty')
    const create = await fetch(`${apiRoot}/forms`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'First form' }),
    })
    expect(create.status).toBe(201)
    const origin = new URL(apiRoot).origin
    expect((await fetch(`${origin}/__mock/reset`, { method: 'POST' })).status).toBe(200)
    const listed = (await (await fetch(`${apiRoot}/forms`, { headers: auth })).json()) as {
      forms: unknown[]
    }
    expect(listed.forms).toEqual([])
    await stop(cli)
  })

  it('starts from a state file exported from /__mock/state', async () => {
    const first = await serve('--scenario', 'empty')
    await fetch(`${first.apiRoot}/forms`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'For QA' }),
    })
    const state = await (await fetch(`${new URL(first.apiRoot).origin}/__mock/state`)).text()
    await stop(first.cli)
    const file = join(tmp, 'qa.json')
    writeFileSync(file, state)
    const second = await serve('--scenario', file)
    const listed = (await (await fetch(`${second.apiRoot}/forms`, { headers: auth })).json()) as {
      forms: Array<{ title: string }>
    }
    expect(listed.forms.map((f) => f.title)).toEqual(['For QA'])
    await stop(second.cli)
  })

  it('refuses an unknown scenario or a missing file with a usage error naming the choices', async () => {
    const unknown = await runCli(['serve', '--port', '0', '--scenario', 'huge'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('--scenario: Unknown scenario "huge": use `demo`')
    const missing = await runCli(['serve', '--port', '0', '--scenario', join(tmp, 'none.json')])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('--scenario: no state file at')
  })
})

describe('engagement-mock serve says how to fix what it refuses', () => {
  it('points a HAR given as --scenario to import-traffic, not to --state', async () => {
    const har = join(tmp, 'staging.har')
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', entries: [] } }))
    const { status, stderr } = await runCli(['serve', '--port', '0', '--scenario', har])
    expect(stderr).toContain('a HAR file is recorded traffic, not a state')
    expect(stderr).toContain(`engagement-mock import-traffic ${har} --out state.json`)
    expect(stderr).toContain('engagement-mock serve --scenario state.json')
    expect(stderr).not.toContain('--state')
    expect(status).toBe(2)
  })

  it('advises another --scenario, not "start without --state", for a file that is not a state', async () => {
    const file = join(tmp, 'not-a-state.json')
    writeFileSync(file, '{"forms":[]}')
    const { status, stderr } = await runCli(['serve', '--port', '0', '--scenario', file])
    expect(stderr).toContain('fix it, or give another --scenario')
    expect(stderr).not.toContain('--state')
    expect(status).toBe(2)
  })

  it('refuses a --host that is no address with exit 2, saying what is wrong', async () => {
    const { status, stderr } = await runCli(['serve', '--port', '0', '--host', '999.1.1.1'])
    expect(stderr).toContain(
      '--host 999.1.1.1: neither an IP address nor a host name that resolves',
    )
    expect(status).toBe(2)
  })

  it('gives a public URL, not an API root, as the example of --public-url', async () => {
    for (const command of [['serve'], ['import-traffic', 'x.har', '--out', 'x.json']]) {
      const { status, stderr } = await runCli([...command, '--public-url', 'notaurl'])
      expect(stderr).toContain('e.g. http://localhost:4010 or https://mock.example.com')
      expect(stderr).not.toContain('/api/v1')
      expect(status).toBe(2)
    }
  })

  it('refuses a --state under a file (exit 2) before it loads or writes anything', async () => {
    const file = join(tmp, 'a-file')
    writeFileSync(file, 'mine')
    const { status, stderr } = await runCli([
      'serve',
      '--port',
      '0',
      '--state',
      join(file, 'state.json'),
    ])
    expect(stderr).toContain('is a file, not a folder, so nothing can be written under it')
    expect(readFileSync(file, 'utf8')).toBe('mine')
    expect(status).toBe(2)
  })
})
