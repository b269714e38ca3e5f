import { writeFileSync } from 'node:fs'
import { buildOpenApiDocument } from '../contract/openapi.ts'

/** `npm run openapi`: writes openapi.json, the committed copy a test keeps in step with the contract. */
const target = process.argv[2] ?? 'openapi.json'
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`)
console.log(`Wrote ${target}`)
