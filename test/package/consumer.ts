/** Files written into the temporary project that installs the packed tarball. */

/** Imports each entry point under node's conditions and prints what it found, as JSON. */
export const CONSUMER_SCRIPT = `
const found = {}
found['engagement-mock'] = typeof (await import('engagement-mock')).createClient
found['engagement-mock/contract'] = typeof (await import('engagement-mock/contract')).buildOpenApiDocument
found['engagement-mock/mock'] = typeof (await import('engagement-mock/mock')).createMock
const node = await import('engagement-mock/mock/node')
found['engagement-mock/mock/node'] = typeof node.setupMockServer
found['engagement-mock/fixtures'] = typeof (await import('engagement-mock/fixtures')).demoPlan
found['engagement-mock/mock/server'] = typeof (await import('engagement-mock/mock/server')).startServer
found['engagement-mock/conformance'] = typeof (await import('engagement-mock/conformance')).runConformance
try {
  await import('engagement-mock/mock/browser')
  found['engagement-mock/mock/browser'] = 'imported'
} catch (error) {
  found['engagement-mock/mock/browser'] = error.code
}
try {
  await import('engagement-mock/mock/storybook')
  found['engagement-mock/mock/storybook'] = 'imported'
} catch (error) {
  found['engagement-mock/mock/storybook'] = error.code
}
// Its optional peers (@msw/playwright, @playwright/test) are the consumer's to install.
try {
  found['engagement-mock/mock/playwright'] = typeof (await import('engagement-mock/mock/playwright')).mockFixtures
} catch (error) {
  found['engagement-mock/mock/playwright'] = error.code
}
const { createClient } = await import('engagement-mock')
const server = node.setupMockServer({ baseUrl: 'http://api.test/api/v1' })
server.listen({ onUnhandledRequest: 'error' })
const client = createClient({ baseUrl: 'http://api.test/api/v1', apiKey: 'acme-demo-key' })
found['GET /forms through setupMockServer'] = (await client.listForms()).status
server.close()
console.log(JSON.stringify(found))
`

/** Uses the typed API; the expect-error lines fail the check if the types degrade to any. */
export const CONSUMER_TS = `
import { type Client, createClient } from 'engagement-mock'
import type { DemoPlan } from 'engagement-mock/fixtures'
import { setupMockServer } from 'engagement-mock/mock/node'

const server = setupMockServer({ baseUrl: 'http://api.test/api/v1', seed: 2 })
server.listen()
const client: Client = createClient({ baseUrl: 'http://api.test/api/v1', apiKey: 'acme-demo-key' })

export const firstFormTitle = async (): Promise<string | undefined> => {
  const listed = await client.listForms()
  if (!listed.ok) return undefined
  const title: string | undefined = listed.body.forms[0]?.title
  return title
}

export const create = () => client.createForm({ body: { title: 'Retro' } })
// @ts-expect-error a form needs a title
export const untitled = () => client.createForm({ body: {} })
// @ts-expect-error the mock's options are typed
setupMockServer({ seed: 'one' })
export const steps = (plan: DemoPlan): number => plan.steps.length
await server.mock.reset()
`

export const CONSUMER_TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023', 'DOM'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ['consumer.ts'],
})

/** A fresh Vite/vitest project's settings, for docs/usage.md's test files as written. */
export const DOCS_TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023', 'DOM'],
    module: 'preserve',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['test/**/*.ts', 'vitest.config.ts'],
})
