import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { startServer } from '../../mock/http/index.ts'
import { ROOT } from '../cli/cli.ts'
import { readSnippets } from '../cli/snippets.ts'

const snippets = readSnippets(readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8'))
const code = (group: string) => {
  const found = snippets.find((s) => s.group === group)
  if (!found) throw new Error(`docs/usage.md has no "${group}" snippet`)
  return found.code.trim()
}
mkdirSync(join(ROOT, '.scratch'), { recursive: true })
// Inside the repository, so `npx engagement-mock` finds this package as it does in a clone.
const cwd = mkdtempSync(join(ROOT, '.scratch', 'watch-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

it('"watch with the proxy" then "watch a HAR file" run as written against a deployment', async () => {
  const server = await startServer({ port: 0 })
  try {
    const env = { ...process.env, API_URL: server.baseUrl, NO_COLOR: '1' }
    // The docs' default port is 4010; a test takes a free one.
    const proxy = spawn('bash', ['-c', `${code('watch with the proxy')} --port 0`], {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    proxy.stdout.on('data', (chunk) => (output += chunk))
    proxy.stderr.on('data', (chunk) => (output += chunk))
    const closed = new Promise((resolve) => proxy.on('close', resolve))
    const root = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const found = /Point your app at (\S+) /.exec(output)?.[1]
        if (found) {
          clearInterval(timer)
          resolve(found)
        } else if (proxy.exitCode !== null) {
          clearInterval(timer)
          reject(new Error(output))
        }
      }, 50)
    })
    const listed = await fetch(`${root}/forms`, {
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(listed.status).toBe(200)
    expect(listed.headers.get('x-contract-exchange')).toBe('1')
    // Its process group: npx, and the proxy it started.
    process.kill(-(proxy.pid as number), 'SIGINT')
    await closed
    expect(output).toContain('No violation.')
    const report = JSON.parse(readFileSync(join(cwd, 'reports', 'conformance.json'), 'utf8'))
    expect(report.traffic).toMatchObject({ exchanges: 1, violations: [], requestIssues: [] })

    const har = await new Promise<{ status: number | null; text: string }>((resolve) => {
      const check = spawn('bash', ['-c', code('watch a HAR file')], { cwd, env })
      let text = ''
      check.stdout.on('data', (chunk) => (text += chunk))
      check.stderr.on('data', (chunk) => (text += chunk))
      check.on('close', (status) => resolve({ status, text }))
    })
    expect(har.text).toContain('Checking 1 of 1 entries of session.har')
    expect(har.status).toBe(0)
  } finally {
    await server.close()
  }
}, 240_000)
