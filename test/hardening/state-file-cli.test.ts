import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { loadStateFile } from '../../mock/state-file/file.ts'
import { runCli, startCli } from '../cli/cli.ts'

/** `npm start -- --state FILE` end to end: the CLI wires mock/state-file/file.ts. */
const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-state-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const running = new Set<ReturnType<typeof startCli>>()
afterEach(() => {
  for (const cli of running) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
  running.clear()
})

const serve = async (state: string) => {
  const cli = startCli(['serve', '--port', '0', '--state', state])
  running.add(cli)
  const [, apiRoot] = await cli.waitFor(
    /curl -H "Authorization: Bearer acme-demo-key" (\S+)\/forms/,
  )
  return { cli, apiRoot: apiRoot as string }
}
const auth = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }

describe('serve --state FILE', () => {
  it('saves on a clean shutdown as one whole file, and the next start serves it', async () => {
    const path = join(dir, 'demo.json')
    const first = await serve(path)
    const created = await fetch(`${first.apiRoot}/forms`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Survives a restart' }),
    })
    const { form } = (await created.json()) as { form: { id: string } }
    first.cli.child.kill('SIGTERM')
    expect(await first.cli.exited).toBe(0)
    // The state file whole, and its journal (which says the mock stopped cleanly); no temp file.
    expect(readdirSync(dir).sort()).toEqual(['demo.json', 'demo.json.journal'])
    const saved = await loadStateFile(path)
    expect(saved?.forms.some((f) => f.id === form.id)).toBe(true)

    const second = await serve(path)
    const read = await fetch(`${second.apiRoot}/forms/${form.id}`, { headers: auth })
    expect(read.status).toBe(200)
    second.cli.child.kill('SIGTERM')
    expect(await second.cli.exited).toBe(0)
  })

  it('refuses a corrupt file with a clear message, exits non-zero, and never overwrites it', async () => {
    const path = join(dir, 'corrupt.json')
    const text = '{"format":"engagement-mock-state","version":1,"forms":[{"id":'
    writeFileSync(path, text)
    const result = await runCli(['serve', '--port', '0', '--state', path])
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(`Refusing the state file ${path}`)
    expect(result.stderr).toMatch(/not valid JSON/)
    expect(readFileSync(path, 'utf8')).toBe(text)
  })
})
