import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPlan } from '../../fixtures/demo.ts'
import type { MockState } from '../../mock/core/state.ts'
import { createMock } from '../../mock/create.ts'
import { importStateFile, loadStateFile, StateFileError } from '../../mock/state-file/file.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'

const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-state-fuzz-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A small saved state with a record of each kind, so a mutation lands inside real records. */
let saved: MockState
beforeAll(async () => {
  const mock = createMock({
    plan: demoPlan(1, { forms: 2, sessions: 2, series: 1, sponsorReports: 1 }),
  })
  await mock.ready
  saved = mock.exportState()
})

/** Brackets `depth` deep as text: a value that deep cannot go through JSON.stringify. */
const nestedText = (depth: number, asObject: boolean) =>
  asObject
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`

const DEEP = '__deep__'

/** What a damaged or hostile state file holds in one place: wrong types, depth, size. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, -1, '', 'x'.repeat(200_000), [], {}),
  // Spelled as text where the value goes (see `mutated`): printable when a run fails.
  fc
    .tuple(fc.integer({ min: 100, max: 100_000 }), fc.boolean())
    .map(([depth, asObject]) => ({ [DEEP]: { depth, asObject } })),
)

/** Every place of a value, as paths of keys. */
const placesOf = (value: unknown, limit = 400): (string | number)[][] => {
  const places: (string | number)[][] = []
  const stack: { at: (string | number)[]; value: unknown }[] = [{ at: [], value }]
  for (let next = stack.pop(); next && places.length < limit; next = stack.pop()) {
    places.push(next.at)
    if (typeof next.value !== 'object' || next.value === null) continue
    for (const [key, inner] of Object.entries(next.value)) {
      stack.push({ at: [...next.at, Array.isArray(next.value) ? Number(key) : key], value: inner })
    }
  }
  return places
}

const mutated = (choice: number, value: unknown, cut: number | undefined): string => {
  const state = structuredClone(saved) as unknown as Record<string, unknown>
  const places = placesOf(state).filter((at) => at.length > 0)
  const at = places[choice % places.length] ?? ['forms']
  let node = state as Record<string | number, unknown>
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[at[at.length - 1] as string | number] = value
  const deep = (value as { [DEEP]?: { depth: number; asObject: boolean } } | null)?.[DEEP]
  const text = deep
    ? JSON.stringify(state).replace(JSON.stringify(value), () =>
        nestedText(deep.depth, deep.asObject),
      )
    : JSON.stringify(state)
  return cut === undefined ? text : text.slice(0, cut)
}

describe('a state file nested 100,000 levels deep', () => {
  it.each([
    [
      'a field config',
      (state: MockState) =>
        JSON.stringify(state.forms.find((f) => f.fields.length > 0)?.fields[0]?.config),
    ],
    [
      'an activity config',
      (state: MockState) =>
        JSON.stringify(state.sessions.find((s) => s.activities.length > 0)?.activities[0]?.config),
    ],
    ['a sponsor report payload', (state: MockState) => JSON.stringify(state.reports[0]?.payload)],
  ] as const)('in %s is refused naming the file and the place, never a crash', async (_, place) => {
    const original = place(saved)
    expect(original).toBeDefined()
    const text = JSON.stringify(saved).replace(original as string, () => nestedText(100_000, true))
    const path = join(dir, 'deep-state.json')
    writeFileSync(path, text)
    for (const read of [
      () => loadStateFile(path),
      async () => {
        const target = createMock({ plan: false })
        await target.ready
        return importStateFile(path, target)
      },
    ]) {
      const outcome = await read().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(outcome).toBeInstanceOf(StateFileError)
      // The stored schemas are strict: the first key a record does not have refuses it, at a
      // depth zod reaches without recursing into the 100,000 levels below.
      expect((outcome as Error).message).toContain(path)
      expect((outcome as Error).message).toMatch(/it is damaged at \w+\.\d+\./)
    }
  })
})

describe('a fuzz of state files', () => {
  const RUNS = 40
  it(
    'each is loaded and imported, or refused with a StateFileError naming the file: never a crash',
    async () => {
      let refused = 0
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          hostileValue,
          fc.option(fc.nat({ max: 50_000 }), { freq: 5 }),
          async (choice, value, cut) => {
            const path = join(dir, 'state.json')
            writeFileSync(path, mutated(choice, value, cut ?? undefined))
            const loaded = await loadStateFile(path).then(
              () => undefined,
              (error: unknown) => error,
            )
            const target = createMock({ plan: false })
            await target.ready
            const imported = await importStateFile(path, target).then(
              () => undefined,
              (error: unknown) => error,
            )
            for (const outcome of [loaded, imported]) {
              if (outcome === undefined) continue
              expect(outcome).toBeInstanceOf(StateFileError)
              expect((outcome as Error).message).toContain(path)
              refused += 1
            }
          },
        ),
        fuzzParameters(RUNS),
      )
      // Most mutations break the state: the refusals were exercised, not only the happy path.
      expect(refused).toBeGreaterThan(RUNS / 2)
    },
    fuzzTimeout(RUNS, 500),
  )
})
