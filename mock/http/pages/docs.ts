import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import express, { type Express } from 'express'
import { API_PREFIX } from '../../../contract/common.ts'
import { addedAfter, LATEST_RELEASE } from '../../../contract/releases.ts'
import { ACME_KEY } from '../../../fixtures/organizations.ts'
import type { MockCore } from '../../core/mock.ts'
import { html, markup, sendHtml, trusted } from './html.ts'

export const DOCS_PATH = '/docs'
const ASSETS = `${DOCS_PATH}/assets`
/** Served from the installed package: the docs work offline and load nothing from a CDN. */
const SWAGGER_UI_DIR = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
)

/** Only what the page loads: the package's own index.html would fetch the petstore demo spec. */
const ASSET_FILES =
  /^\/(?:swagger-ui\.css|swagger-ui-bundle\.js|favicon-(?:16x16|32x32)\.png)(?:\.map)?$/

/** JSON inside a <script>: `<` escaped, so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * Runs in the page. The spec's server is the public base the mock was started with; "Try it out"
 * must reach this very server whatever address it was opened at, so the page's origin goes first.
 */
const BOOT = `
const config = JSON.parse(document.getElementById('docs-config').textContent)
fetch(config.specUrl).then((r) => r.json()).then((spec) => {
  const here = location.origin + config.apiPrefix
  spec.servers = [{ url: here, description: 'This mock' }, ...(spec.servers || []).filter((s) => s.url !== here)]
  let done
  const loaded = new Promise((resolve) => (done = resolve))
  const ui = SwaggerUIBundle({
    spec,
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    validatorUrl: null,
    onComplete: () => done(),
  })
  window.ui = ui
  loaded.then(() => {
    if (config.apiKey) ui.preauthorizeApiKey('bearerAuth', config.apiKey)
    document.body.dataset.ready = 'true'
  })
}, (error) => {
  document.getElementById('swagger-ui').textContent = 'Could not load ' + config.specUrl + ': ' + error
})
`

const STYLE = `
body{margin:0}
.mock-banner{font:14px/1.5 system-ui,sans-serif;background:#1f2328;color:#f0f3f6;padding:10px 20px}
.mock-banner code{background:#30363d;padding:1px 6px;border-radius:4px}
.mock-banner a{color:#7cc4ff}
`

/** The key "Try it out" starts with: Acme's demo key while Acme exists (an imported state may lack it). */
const demoKey = (mock: MockCore) => {
  const { organizations } = mock.store
  return (organizations.find((o) => o.apiKey === ACME_KEY) ?? organizations[0])?.apiKey
}

const docsDocument = (mock: MockCore) => {
  const apiKey = demoKey(mock)
  const org = mock.store.organizations.find((o) => o.apiKey === apiKey)
  const config = { specUrl: '/openapi.json', apiPrefix: API_PREFIX, apiKey: apiKey ?? null }
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Engagement Service API · mock docs</title>
<link rel="icon" href="${ASSETS}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<style>${trusted(STYLE)}</style>
</head>
<body>
<header class="mock-banner">Engagement Service API mock. “Try it out” calls this server${
    apiKey
      ? html`, already authorized as ${org?.name ?? 'a demo organization'} with <code>${apiKey}</code> (switch keys with Authorize; <code>globex-demo-key</code> has no entitlements)`
      : ''
  }. Spec: <a href="/openapi.json">/openapi.json</a>${
    mock.release === LATEST_RELEASE
      ? ''
      : html`. <strong>Release ${mock.release}</strong> of the API (§9): what later releases added is not served (${addedAfter(mock.release)}).`
  }</header>
<div id="swagger-ui"></div>
<script type="application/json" id="docs-config">${trusted(scriptJson(config))}</script>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script>${trusted(BOOT)}</script>
</body>
</html>
`
}

/** /docs: swagger-ui over the contract's OpenAPI document, its assets from node_modules. */
export const mountDocs = (app: Express, mock: MockCore): void => {
  const assets = express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1h' })
  app.use(ASSETS, (req, res, next) =>
    ASSET_FILES.test(req.path) ? assets(req, res, next) : next(),
  )
  app.get(DOCS_PATH, (_req, res) => {
    sendHtml(res, 200, markup(docsDocument(mock)), {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
  })
}
