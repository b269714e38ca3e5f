import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Obj } from '../../contract/json.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { DeploymentError } from '../../mock/deployment/error.ts'
import { loadDeploymentOption } from '../../mock/deployment/load.ts'
import { DeploymentFile } from '../../mock/deployment/schema.ts'
import { startServer } from '../../mock/http/index.ts'
import { runCli } from '../cli/cli.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'

const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-deployment-fuzz-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Path = (string | number)[]

/** The file `--init` writes against our mock (every key it knows), plus the test's own foreign file. */
let base: Obj
beforeAll(async () => {
  const mock = await startServer({ port: 0 })
  try {
    const out = join(dir, 'starter.json')
    await initDeployment({ baseUrl: mock.baseUrl, key: ACME_KEY, out })
    const foreign = JSON.parse(
      readFileSync(
        new URL('../contract-selftest/foreign.deployment.json', import.meta.url),
        'utf8',
      ),
    ) as Obj
    base = { ...foreign, ...(JSON.parse(readFileSync(out, 'utf8')) as Obj) }
  } finally {
    await mock.close()
  }
}, 60_000)

/** The schema's keys two levels deep (`forms.create`), present in the base file or not. */
const schemaPaths = (): Path[] => {
  const paths: Path[] = []
  const unwrap = (t: z.ZodType): z.ZodType =>
    t instanceof z.ZodOptional || t instanceof z.ZodNullable ? unwrap(t.unwrap() as z.ZodType) : t
  for (const [key, type] of Object.entries(DeploymentFile.shape)) {
    paths.push([key])
    const inner = unwrap(type as z.ZodType)
    if (inner instanceof z.ZodObject) {
      for (const sub of Object.keys(inner.shape)) paths.push([key, sub])
    }
  }
  return paths
}

/** Every place of the base file, as paths of keys (iteratively: the base is small anyway). */
const placesOf = (value: unknown): Path[] => {
  const places: Path[] = []
  const stack: { at: Path; value: unknown }[] = [{ at: [], value }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.at.length > 0) places.push(next.at)
    if (typeof next.value !== 'object' || next.value === null) continue
    for (const [key, inner] of Object.entries(next.value)) {
      stack.push({ at: [...next.at, Array.isArray(next.value) ? Number(key) : key], value: inner })
    }
  }
  return places
}

const DEEP = '__deep__'
/** Brackets `depth` deep as text: a value that deep cannot go through JSON.stringify. */
const nestedText = (depth: number, asObject: boolean) =>
  asObject
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`

/** What a hostile or mistaken file holds at one key: any JSON, any depth, any size. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, -1, 1.5, true, '', 'x'.repeat(200_000), [], {}, { '// c': 1 }),
  fc
    .tuple(fc.integer({ min: 60, max: 100_000 }), fc.boolean())
    .map(([depth, asObject]) => ({ [DEEP]: { depth, asObject } })),
)

/** The base file with `value` at `at` (made where it was missing), as the text written. */
const mutated = (at: Path, value: unknown): string => {
  const file = structuredClone(base)
  let node = file as Record<string | number, unknown>
  for (const key of at.slice(0, -1)) {
    const next = node[key]
    if (typeof next !== 'object' || next === null) node[key] = {}
    node = node[key] as Record<string | number, unknown>
  }
  node[at[at.length - 1] as string | number] = value
  const deep = (value as { [DEEP]?: { depth: number; asObject: boolean } } | null)?.[DEEP]
  return deep
    ? JSON.stringify(file).replace(JSON.stringify(value), () =>
        nestedText(deep.depth, deep.asObject),
      )
    : JSON.stringify(file)
}

/** A refusal names the file and, per problem, a key path (`  - forms.create.title: …`). */
const expectClearRefusal = (error: unknown, path: string, at: Path) => {
  expect(error).toBeInstanceOf(DeploymentError)
  const message = (error as Error).message
  expect(message).toContain(path)
  expect(message).not.toMatch(/Maximum call stack|RangeError/)
  const lines = message.split('\n').slice(1)
  expect(lines.length).toBeGreaterThan(0)
  for (const line of lines) expect(line).toMatch(/^ {2}- \S/)
  // The key at fault, or one above it (a section refused whole), is named.
  expect(message).toContain(String(at[0]))
}

describe('a fuzz of deployment files', () => {
  const RUNS = 60
  it(
    'any JSON at any key loads or is refused naming the file and the key path: never a crash',
    async () => {
      const places = [...placesOf(base), ...schemaPaths()].filter(
        (at) => !String(at[at.length - 1]).startsWith('//'),
      )
      let refused = 0
      let loaded = 0
      await fc.assert(
        fc.asyncProperty(fc.nat(), hostileValue, async (choice, value) => {
          const at = places[choice % places.length] as Path
          const path = join(dir, 'deployment.json')
          writeFileSync(path, mutated(at, value))
          const outcome = await loadDeploymentOption(path).then(
            (file) => file,
            (error: unknown) => error,
          )
          if (outcome instanceof Error) {
            expectClearRefusal(outcome, path, at)
            refused += 1
          } else {
            expect(outcome).toBeTypeOf('object')
            loaded += 1
          }
        }),
        fuzzParameters(RUNS),
      )
      // Both ends were exercised: files refused and files loaded.
      expect(refused).toBeGreaterThan(RUNS / 4)
      expect(loaded).toBeGreaterThan(0)
    },
    fuzzTimeout(RUNS, 200),
  )
})

describe('a hostile deployment file given to a command', () => {
  it.each([
    [
      'nested 100,000 levels deep',
      ['forms', 'create'],
      { [DEEP]: { depth: 100_000, asObject: false } },
    ],
    ['of a wrong type', ['sessions', 'activities'], 5],
    ['200 KB long where a name goes', ['forms', 'templates'], { blank: 'x'.repeat(200_000) }],
  ] as const)(
    '%s exits 2 naming its key path',
    async (_, at, value) => {
      const path = join(dir, `command-${at.join('-')}.json`)
      writeFileSync(path, mutated([...at], value))
      const run = await runCli(['seed', '--dry-run', '--deployment', path])
      expect(run.status).toBe(2)
      expect(run.stderr).toContain(path)
      expect(run.stderr).toMatch(new RegExp(` {2}- ${at[0]}\\.${at[1]}`))
      expect(run.stderr).not.toMatch(/RangeError|Maximum call stack|at .*\.ts:\d+/)
    },
    30_000,
  )
})
