import { request as httpRequest } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { type RunningTrafficProxy, startTrafficProxy } from '../../mock/proxy/proxy.ts'
import type { RecordedFinding } from '../../mock/traffic/log.ts'
import { documentedForm, startUpstream, type Upstream } from './upstream.ts'

const auth = { authorization: `Bearer ${ACME_KEY}` }
const opened: { close: () => Promise<void> }[] = []
afterEach(async () => {
  for (const closable of opened.splice(0).reverse()) await closable.close()
})
const keep = <T extends { close: () => Promise<void> }>(value: T): T => {
  opened.push(value)
  return value
}

const proxyFor = async (
  upstream: string,
  options: Partial<Parameters<typeof startTrafficProxy>[0]> = {},
) => {
  const findings: RecordedFinding[] = []
  const errors: string[] = []
  const proxy: RunningTrafficProxy = keep(
    await startTrafficProxy({
      upstream,
      port: 0,
      onFinding: (f) => findings.push(f),
      onUpstreamError: (line) => errors.push(line),
      ...options,
    }),
  )
  return { proxy, findings, errors }
}

describe('the validating proxy forwards', () => {
  let mock: RunningServer | undefined
  afterEach(async () => {
    await mock?.close()
    mock = undefined
  })

  it('every answer unchanged: status, body bytes and the upstream’s own headers', async () => {
    const server = await startServer({ port: 0 })
    mock = server
    const { proxy, findings } = await proxyFor(server.baseUrl)
    expect(new URL(proxy.url).hostname).toBe('127.0.0.1')
    for (const [path, init] of [
      ['/forms', { headers: auth, method: 'GET' }],
      ['/forms', { method: 'GET' }],
      ['/sessions?x=1', { headers: auth, method: 'GET' }],
      ['/forms/frm_missing00000', { headers: auth, method: 'GET' }],
      [
        '/forms',
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: '{"title":"Through the proxy"}',
        },
      ],
    ] as const) {
      const direct = await fetch(server.baseUrl + path, init)
      const proxied = await fetch(proxy.apiRoot + path, init)
      expect(proxied.status).toBe(direct.status)
      expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'))
      expect(proxied.headers.get('access-control-allow-origin')).toBe('*')
      const [a, b] = [await direct.text(), await proxied.text()]
      if (init.method === 'POST') {
        // Two creates: two forms, with their own ids and times, in the same envelope.
        expect(Object.keys(JSON.parse(b).form)).toEqual(Object.keys(JSON.parse(a).form))
      } else expect(b).toBe(a)
      expect(proxied.headers.get('x-contract-exchange')).toMatch(/^\d+$/)
    }
    expect(findings.filter((f) => f.kind === 'violation')).toEqual([])
    expect(findings.map((f) => `${f.operationId} ${f.status}`)).toEqual(['listForms 401'])
  })

  it('streams an answer: the client reads its first part before the upstream has sent the rest', async () => {
    let release: () => void = () => {}
    const upstream = keep(
      await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"forms":[')
        release = () => res.end(`${JSON.stringify(documentedForm('frm_1'))}]}`)
      }),
    )
    const { proxy, findings } = await proxyFor(upstream.apiRoot)
    const answer = await fetch(`${proxy.apiRoot}/forms`, { headers: auth })
    const reader = answer.body?.getReader()
    const first = await reader?.read()
    expect(new TextDecoder().decode(first?.value)).toBe('{"forms":[')
    release()
    let rest = ''
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      rest += new TextDecoder().decode(part.value)
    }
    expect(JSON.parse(`{"forms":[${rest}`).forms).toHaveLength(1)
    await waitFor(() => proxy.log.exchanges === 1)
    expect(findings).toEqual([])
  })
})

const waitFor = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10))
  if (!done()) throw new Error('timed out')
}

describe('the validating proxy checks', () => {
  it('a compressed answer as it was sent, decoded for the check only', async () => {
    const bad = gzipSync(
      JSON.stringify({ forms: [{ ...documentedForm('frm_1'), createdAt: 'yesterday' }] }),
    )
    const upstream = keep(
      await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        res.end(bad)
      }),
    )
    const { proxy, findings } = await proxyFor(upstream.apiRoot)
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const url = new URL(`${proxy.apiRoot}/forms`)
      httpRequest(url, { headers: { ...auth, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve(Buffer.concat(chunks)))
      })
        .on('error', reject)
        .end()
    })
    expect(bytes.equals(bad)).toBe(true)
    await waitFor(() => findings.length > 0)
    expect(findings.map((f) => `${f.operationId}: ${f.message}`)).toEqual([
      expect.stringMatching(
        /^listForms: not the documented answer .*forms\[0\]\.createdAt: Invalid ISO datetime/,
      ),
    ])
  })

  it('a list longer than the body limit up to the limit, and says so', async () => {
    const forms = Array.from({ length: 400 }, (_, i) =>
      documentedForm(
        `frm_${i}`,
        new Date(Date.UTC(2026, 0, 1) + (i === 3 ? 1e9 : -i * 1000)).toISOString(),
      ),
    )
    const upstream = keep(
      await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ forms }))
      }),
    )
    const { proxy, findings } = await proxyFor(upstream.apiRoot, { maxBodyBytes: 16 * 1024 })
    const answer = await fetch(`${proxy.apiRoot}/forms`, { headers: auth })
    expect((await answer.json()).forms).toHaveLength(400)
    await waitFor(() => proxy.log.exchanges === 1)
    // Form 3, newer than the ones before it, arrived whole within the limit: found.
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/^not newest first.*frm_3/),
    ])
    expect(Object.keys(proxy.log.summary().notes)).toEqual([
      expect.stringMatching(
        /^answer body over the size limit: checked the \d+ list items that arrived whole$/,
      ),
    ])
  })

  it('names what the request and status decide in the answer’s headers, as it streams', async () => {
    const upstream = keep(
      await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ forms: [] }))
      }),
    )
    const { proxy } = await proxyFor(upstream.apiRoot)
    const answer = await fetch(`${proxy.apiRoot}/forms`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-contract-violations')).toMatch(
      /^1; listForms: answered 200 \(a success\) to a request it must refuse: sent without credentials/,
    )
    expect(answer.headers.get('x-contract-request-issues')).toMatch(/^1; listForms: sent without/)
  })
})

describe('with errors (Prism’s --errors)', () => {
  it('a violating answer reaches the client as 502 listing the violations; a conforming one as it was', async () => {
    const upstream = keep(
      await startUpstream((_req, res, path) => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' })
        res.end(
          JSON.stringify(
            path === '/forms'
              ? { forms: [{ ...documentedForm('frm_1'), shareUrl: '/f/retro' }] }
              : { form: documentedForm('frm_1') },
          ),
        )
      }),
    )
    const { proxy } = await proxyFor(upstream.apiRoot, { errors: true })
    const refused = await fetch(`${proxy.apiRoot}/forms`, { headers: auth })
    expect(refused.status).toBe(502)
    const body = await refused.json()
    expect(body.error).toMatch(
      /^The answer of GET \/forms \(200\) breaks the contract: .*shareUrl: Invalid URL/,
    )
    expect(body.upstreamStatus).toBe(200)
    expect(body.violations).toEqual([
      expect.objectContaining({ operationId: 'listForms', status: 200 }),
    ])
    expect(refused.headers.get('x-contract-violations')).toMatch(/^1; listForms: /)
    const passed = await fetch(`${proxy.apiRoot}/forms/frm_1`, { headers: auth })
    expect(passed.status).toBe(200)
    expect(passed.headers.get('x-upstream')).toBe('yes')
    expect(await passed.json()).toEqual({ form: documentedForm('frm_1') })
  })
})

describe('the early headers', () => {
  it('judge no body: a valid create carries no request issue; with --errors a 502 names the request issues too', async () => {
    const upstream = keep(
      await startUpstream((req, res, path) => {
        req.resume()
        res.writeHead(path === '/forms' && req.method === 'POST' ? 201 : 200, {
          'content-type': 'application/json',
        })
        res.end(JSON.stringify({ form: documentedForm('frm_1') }))
      }),
    )
    const { proxy } = await proxyFor(upstream.apiRoot)
    const created = await fetch(`${proxy.apiRoot}/forms`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Retro' }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('x-contract-request-issues')).toBeNull()
    expect(created.headers.get('x-contract-violations')).toBeNull()

    const { proxy: holding } = await proxyFor(upstream.apiRoot, { errors: true })
    // No credentials, and a body §4 does not give a publish: refused as 502 with both named.
    const refused = await fetch(`${holding.apiRoot}/forms/frm_1/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"now":true}',
    })
    expect(refused.status).toBe(502)
    expect(refused.headers.get('x-contract-violations')).toMatch(
      /^\d; publishForm: answered 200 \(a success\) to a request it must refuse: sent without credentials/,
    )
    expect(refused.headers.get('x-contract-request-issues')).toMatch(
      /^2; publishForm: sent without credentials.* \| publishForm: sent a body; S4 gives POST \/forms\/\{id\}\/publish none$/,
    )
  })
})

describe('an upstream that misbehaves', () => {
  let upstream: Upstream
  const faulty = async () =>
    keep(
      await startUpstream((req, res, path) => {
        if (path === '/forms') req.socket.destroy()
        else if (path === '/sessions') {
          // Never answers.
        } else if (path === '/series') {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end('{"series": [ not json')
        } else if (path === '/sponsors') {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.write('{"reports":[')
          setTimeout(() => req.socket.destroy(), 20)
        } else {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ form: documentedForm('frm_1') }))
        }
      }),
    )

  it('resets, is slow, sends invalid JSON or breaks an answer off: 502 saying why (or the answer itself), and the proxy serves on', async () => {
    upstream = await faulty()
    const { proxy, findings, errors } = await proxyFor(upstream.apiRoot, { timeoutMs: 300 })
    const reset = await fetch(`${proxy.apiRoot}/forms`, { headers: auth })
    expect(reset.status).toBe(502)
    expect((await reset.json()).error).toMatch(/reset the connection|socket hang up/)

    const slow = await fetch(`${proxy.apiRoot}/sessions`, { headers: auth })
    expect(slow.status).toBe(502)
    expect((await slow.json()).error).toContain('no answer within 300 ms')

    const invalid = await fetch(`${proxy.apiRoot}/series`, { headers: auth })
    expect(invalid.status).toBe(200)
    expect(await invalid.text()).toBe('{"series": [ not json')

    await expect(
      fetch(`${proxy.apiRoot}/sponsors`, { headers: auth }).then((r) => r.text()),
    ).rejects.toThrow()

    const fine = await fetch(`${proxy.apiRoot}/forms/frm_1`, { headers: auth })
    expect(fine.status).toBe(200)
    await waitFor(() => proxy.log.exchanges >= 2)
    expect(findings.map((f) => `${f.operationId}: ${f.message}`)).toEqual([
      expect.stringMatching(/^listSeries: answered 200 with a body that is not JSON/),
    ])
    expect(errors).toEqual([
      expect.stringMatching(/^#1 GET \/api\/v1\/forms → 502: /),
      expect.stringMatching(/^#2 GET \/api\/v1\/sessions → 502: no answer within 300 ms/),
      expect.stringMatching(/^#4 GET \/api\/v1\/sponsors → 200: the upstream broke the answer off/),
    ])
    expect(proxy.log.summary().notes).toMatchObject({
      'answer cut off by the upstream: not checked': 1,
    })
  })

  it('is down: 502 naming the refused connection, request after request', async () => {
    upstream = await faulty()
    const root = upstream.apiRoot
    await upstream.close()
    opened.pop()
    const { proxy } = await proxyFor(root)
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${proxy.apiRoot}/forms`, { headers: auth })
      expect(answer.status).toBe(502)
      expect((await answer.json()).error).toMatch(/connection refused/)
    }
  })
})

describe('secrets', () => {
  it('a repeated answer is read as it was, until a credential it echoes becomes known', async () => {
    const later = 'sk_live_learned-later'
    const upstream = keep(
      await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        // The same bytes every time, in two chunks, echoing a key no request has sent yet.
        res.write('{"forms": "not a list", ')
        res.end(`"echo": "${later}"}`)
      }),
    )
    const recorded: { responseBody: string }[] = []
    const { proxy, findings } = await proxyFor(upstream.apiRoot, {
      onExchange: (exchange) => recorded.push(exchange),
    })
    const call = async (key: string) => {
      const answer = await fetch(`${proxy.apiRoot}/forms`, {
        headers: { authorization: `Bearer ${key}` },
      })
      await answer.text()
    }
    await call('sk_live_first-key')
    await call('sk_live_first-key')
    await call(later)
    await waitFor(() => recorded.length === 3 && findings.length === 3)
    expect(recorded[1]?.responseBody).toBe(recorded[0]?.responseBody)
    expect(recorded[0]?.responseBody).toContain(later)
    // Once the key is known, the same bytes are scrubbed: nothing carries it on.
    expect(recorded[2]?.responseBody).toBe('{"forms": "not a list", "echo": "$API_KEY_2"}')
    expect(findings.map((f) => f.message)).toEqual([
      findings[0]?.message,
      findings[0]?.message,
      findings[0]?.message,
    ])
  })

  it('no Authorization value reaches a finding, a curl, a header or the recorded exchange', async () => {
    const upstream = keep(
      await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{"forms": "not a list"}')
      }),
    )
    const recorded: unknown[] = []
    const { proxy, findings } = await proxyFor(upstream.apiRoot, {
      onExchange: (exchange) => recorded.push(exchange),
    })
    const secret = 'sk_live_do-not-print-me'
    const answer = await fetch(`${proxy.apiRoot}/forms`, {
      headers: { authorization: `Bearer ${secret}`, cookie: 'session=also-secret' },
    })
    await answer.text()
    await waitFor(() => findings.length > 0)
    const everything = JSON.stringify([
      findings,
      recorded,
      proxy.log.summary(),
      [...answer.headers],
    ])
    expect(everything).not.toContain(secret)
    expect(everything).not.toContain('also-secret')
    expect(findings[0]?.curl).toContain('"authorization: Bearer $API_KEY_1"')
    expect(findings[0]?.curl).toContain('"cookie: $COOKIE_1"')
  })
})
