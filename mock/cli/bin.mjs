#!/usr/bin/env node
// The `engagement-mock` command. In a clone the TypeScript source is the truth (a dist/ left from an
// earlier build may be stale), so it runs through tsx; an installed package ships only dist/.
import { existsSync } from 'node:fs'

const source = new URL('./index.ts', import.meta.url)
const built = new URL('../../dist/mock/cli/index.js', import.meta.url)

const runSource = async () => {
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
