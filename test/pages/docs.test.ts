import { describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { usePagesServer } from './server.ts'

describe('/docs over HTTP', () => {
  const { get, running } = usePagesServer()

  it('is an HTML page loading swagger-ui from this server and the spec from /openapi.json', async () => {
    const page = await get('/docs')
    expect(page.status).toBe(200)
    expect(page.type).toBe('text/html; charset=utf-8')
    expect(page.html).toContain('src="/docs/assets/swagger-ui-bundle.js"')
    expect(page.html).toContain('href="/docs/assets/swagger-ui.css"')
    expect(page.html).toContain('"specUrl":"/openapi.json"')
    // No CDN: nothing is loaded from an absolute address.
    expect(page.html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//)
  })

  it("starts pre-authorized with Acme's demo key", async () => {
    const { html } = await get('/docs')
    expect(html).toContain(`"apiKey":"${ACME_KEY}"`)
    expect(html).toContain("preauthorizeApiKey('bearerAuth', config.apiKey)")
  })

  it("serves swagger-ui's assets from node_modules, and only those", async () => {
    const script = await get('/docs/assets/swagger-ui-bundle.js')
    expect(script.status).toBe(200)
    expect(script.type).toContain('javascript')
    expect(script.html).toContain('SwaggerUIBundle')
    expect((await get('/docs/assets/swagger-ui.css')).type).toContain('text/css')
    // The package's own index.html would load the petstore demo from the internet.
    expect((await get('/docs/assets/index.html')).status).toBe(404)
    expect((await get('/docs/assets/package.json')).status).toBe(404)
  })

  it('falls back to the first organization when an imported state has no Acme', async () => {
    const { mock } = running()
    const state = mock.exportState()
    const globex = state.organizations.filter((o) => o.apiKey !== ACME_KEY)
    const kept = new Set(globex.map((o) => o.id))
    const owned = <T extends { orgId: string }>(records: T[]) =>
      records.filter((r) => kept.has(r.orgId))
    const imported = await mock.importState({
      ...state,
      organizations: globex,
      forms: owned(state.forms),
      sessions: owned(state.sessions),
      series: owned(state.series),
      reports: owned(state.reports),
      responses: owned(state.responses),
    })
    expect(imported).toEqual({ ok: true })
    try {
      const { html } = await get('/docs')
      expect(html).toContain(`"apiKey":"${globex[0]?.apiKey}"`)
      expect(html).toContain(globex[0]?.name ?? '?')
    } finally {
      await mock.reset()
    }
  })
})
