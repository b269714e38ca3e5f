#!/usr/bin/env node
// The `engagement-mock` command. In a clone the TypeScript source is the truth (a dist/ left from an
// earlier build may be stale), so it runs through tsx; an installed package ships only dist/.
import { existsSync } from 'node:fs'

const source = new URL('./index.ts', import.meta.url)
const built = new URL('../../dist/mock/cli/index.js', import.meta.url)

/**
 * What `serve` needs from node_modules. tsx resolves every import through its hooks thread, which
 * costs most of a second over these packages' module graphs (es-toolkit's barrel under @msw/data
 * alone is ~300 files); loaded before tsx is registered, they are already in the module cache when
 * the source imports them. Only for `serve`, so --help and the other commands stay quick.
 */
const SERVE_DEPENDENCIES = [
  '@msw/data',
  '@asteasolutions/zod-to-openapi',
  'zod',
  'express',
  '@faker-js/faker/locale/en',
  'commander',
]

const runSource = async () => {
  if (process.argv[2] === 'serve') await Promise.all(SERVE_DEPENDENCIES.map((name) => import(name)))
  const { register } = await import('tsx/esm/api')
  register()
  await import(source.href)
}

if (existsSync(source)) {
  try {
    await runSource()
  } catch (error) {
    // Without tsx (e.g. `npm install --omit=dev` in a clone), fall back to the build if there is one.
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(built)) throw error
    await import(built.href)
  }
} else {
  await import(built.href)
}
