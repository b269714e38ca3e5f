import { describe, expect, it } from 'vitest'
import { apiExchange, documentedForm } from '../../test/traffic/documented.ts'
import { createTrafficChecker } from '../traffic/check-exchange.ts'
import { TrafficLog } from '../traffic/log.ts'
import { buildHtmlReport, escapeHtml } from './html-report.ts'
import { buildRunReport } from './run-report.ts'
import { buildTrafficReport } from './traffic-report.ts'

const HOSTILE = `<script>alert(1)</script><a href="https://evil.example">x</a>' onload="x" \`y\``

const ALLOWED = new Set(
  'html head meta title style body h1 h2 h3 p span code small section article pre table thead tbody tr th td ul li strong'.split(
    ' ',
  ),
)

/** Every tag on the page is one of ours, none loads or runs anything: nothing came from the data. */
const selfContained = (html: string) => {
  const tags = [...html.matchAll(/<([a-z0-9!]+)([^>]*)>/gi)]
  for (const [, name, attributes] of tags) {
    if (name === '!doctype') continue
    expect(ALLOWED.has(name ?? ''), `<${name}>`).toBe(true)
    // Names only: a value is one quoted string (a quote in the data is an entity).
    expect((attributes ?? '').replace(/"[^"]*"/g, '""')).not.toMatch(
      /\s(on\w+|src|href|srcset|action)\s*=/i,
    )
  }
  expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`)
}

describe('conformance.html', () => {
  it('escapes every character that could close a text node or an attribute', () => {
    expect(escapeHtml(`<a b="c" d='e'>&\``)).toBe(
      '&lt;a b=&quot;c&quot; d=&#39;e&#39;&gt;&amp;&#96;',
    )
  })

  it('shows a failed check, a blocked one and an observation as text, whatever they contain', () => {
    const run = {
      baseUrl: 'http://127.0.0.1:4010/api/v1',
      strict: false,
      runId: 'r1',
      requests: 3,
      maxRequests: 100,
      ownMock: false,
    }
    const check = { group: 'g', operations: ['getForm' as const], requests: 1, observations: [] }
    const { json } = buildRunReport(run, [
      {
        ...check,
        name: `failing ${HOSTILE}`,
        state: 'failed',
        message: `got ${HOSTILE}\ncurl -X GET`,
      },
      { ...check, name: 'blocked one', state: 'blocked', message: HOSTILE, fix: [HOSTILE] },
      {
        ...check,
        name: 'observing',
        state: 'observed',
        observations: [
          {
            question: HOSTILE,
            answer: HOSTILE,
            expected: 'draft',
            matches: false,
            check: 'observing',
          },
        ],
      },
    ])
    const html = buildHtmlReport(json)
    selfContained(html)
    expect(html).toContain(
      '<p id="verdict" class="verdict fails" data-verdict="fails" data-exit-code="1">Does not conform: 1 check failed. Could not check everything: 1 check blocked',
    )
    // Each finding of the verdict on its own line under it.
    expect(html).toContain('<li data-kind="violation">Does not conform: 1 check failed.</li>')
    expect(html).toContain('<li data-kind="blocked">Could not check everything: 1 check blocked')
    expect(html).toContain(`<pre>got ${escapeHtml(HOSTILE)}\ncurl -X GET</pre>`)
    expect(html).toContain(`<h3>failing ${escapeHtml(HOSTILE)}</h3>`)
    expect(html).toContain(`<code>${escapeHtml(HOSTILE)}</code>`)
    expect(html.match(/<article class="failure"/g)).toHaveLength(1)
    expect(html.match(/<tr data-operation=/g)).toHaveLength(25)
  })

  it('shows observed traffic: what the app uses, each violation with its curl', () => {
    const checker = createTrafficChecker()
    const log = new TrafficLog()
    const forms = [
      documentedForm('frm_old', '2026-07-01T10:00:00.000Z'),
      documentedForm('frm_new', '2026-07-02T10:00:00.000Z'),
    ]
    const exchanges = [
      apiExchange('GET', '/forms', 200, { forms }),
      apiExchange('GET', `/forms/${encodeURIComponent(HOSTILE)}`, 404, { error: HOSTILE }),
    ]
    exchanges.forEach((exchange, i) => {
      log.record(exchange, i + 1, checker.check(exchange, i + 1))
    })
    const source = {
      kind: 'har' as const,
      apiRoot: 'https://api.example.com/api/v1',
      from: HOSTILE,
      startedAt: '2026-11-27T10:00:00.000Z',
      endedAt: '2026-11-27T10:01:00.000Z',
    }
    const { json } = buildTrafficReport(source, log.summary())
    const html = buildHtmlReport(json)
    expect(html).toContain('<section id="coverage"><h2>Coverage: what your app uses</h2>')
    expect(html).toContain('1 violation: the deployment does not conform')
    expect(html).toMatch(
      /<article class="failure" data-exchange="1"><h3>#1 listForms: <code>GET \/forms<\/code> → 200<\/h3><p>not newest first/,
    )
    expect(html).toContain(escapeHtml(log.violations[0]?.curl ?? 'missing'))
    expect(html).toContain(escapeHtml(HOSTILE))
    selfContained(html)
  })

  it("places exploration's section as it was handed over: its markdown, its data, its summary on the page", () => {
    const run = {
      baseUrl: 'http://127.0.0.1:4010/api/v1',
      strict: false,
      runId: 'r2',
      requests: 1,
      maxRequests: 100,
      ownMock: false,
    }
    const divergence = {
      summary: HOSTILE,
      seed: 7,
      run: 4,
      shrinks: 2,
      divergentStep: 1,
      steps: [
        {
          request: 'POST /forms',
          role: 'primary',
          intent: 'create',
          modelStatus: 201,
          deploymentStatus: 400,
        },
      ],
      differences: ['status differs'],
      model: '201 {}',
      deployment: '400 {}',
      script: 'curl -sS',
    }
    const section = {
      json: {
        summary: `1 divergence ${HOSTILE}`,
        divergences: [divergence],
        notes: [],
        extra: 'kept',
      },
      markdown: ['## Exploration', '', 'as handed over'],
      junitSuite: '<testsuite name="Exploration" tests="1" failures="1"></testsuite>',
    }
    const { json, markdown } = buildRunReport(run, [], section)
    expect(markdown.trimEnd().endsWith('## Exploration\n\nas handed over')).toBe(true)
    expect(json.exploration).toBe(section.json)
    const html = buildHtmlReport(json)
    selfContained(html)
    expect(html).toContain(
      '<p id="verdict" class="verdict fails" data-verdict="fails" data-exit-code="1">Does not conform: exploration found 1 divergence.</p>',
    )
    expect(html).toContain(`<p><strong>1 divergence ${escapeHtml(HOSTILE)}.</strong></p>`)
    expect(html).toContain(`<h3>Divergence 1: ${escapeHtml(HOSTILE)}</h3>`)
    expect(html).toContain('<p>Seed 7, run 4 (replay with <code>--explore-seed 7</code>)')
  })
})
