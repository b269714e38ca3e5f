// Standalone start for manual trials: npx tsx test/foreign/main.ts [--port N] [--release D] [--public-base URL]
import { parseArgs } from 'node:util'
import { isRelease } from './releases.ts'
import { FOREIGN_KEYS, startForeign } from './server.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    release: { type: 'string', default: 'latest' },
    'public-base': { type: 'string' },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, not ${values.port}`)
  process.exit(2)
}
if (!isRelease(values.release)) {
  console.error(`--release must be latest, 2026-07-12 or 2026-07-10, not ${values.release}`)
  process.exit(2)
}

const foreign = await startForeign({
  release: values.release,
  port,
  ...(values['public-base'] !== undefined && { publicBase: values['public-base'] }),
})
console.log(`foreign deployment (release ${values.release}) at ${foreign.baseUrl}`)
console.log(`  main key (both entitlements):   ${FOREIGN_KEYS.main}`)
console.log(`  otherOrg key (both entitlements): ${FOREIGN_KEYS.otherOrg}`)
console.log(`  noEntitlements key:             ${FOREIGN_KEYS.noEntitlements}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    foreign.close().then(() => process.exit(0))
  })
