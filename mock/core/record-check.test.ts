import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { INTERPRETED_CHECKS, recordCheck } from './record-check.ts'

const Note = z.strictObject({
  id: z.string(),
  tags: z.array(z.strictObject({ name: z.string(), weight: z.int().default(1) })),
})

/** Counts the parsers zod compiles: it builds each with `new Function`. */
const countCompiles = () => {
  const original = globalThis.Function
  let compiles = 0
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      compiles++
      return Reflect.construct(target, args)
    },
  })
  return {
    compiles: () => compiles,
    restore: () => {
      globalThis.Function = original
    },
  }
}

let restore: (() => void) | undefined
afterEach(() => restore?.())

const note = { id: 'n1', tags: [{ name: 'a' }] }

describe('recordCheck', () => {
  it('answers as the schema does: its output, or its issues with their paths', async () => {
    const check = recordCheck(Note)['~standard']
    expect(await check.validate(note)).toEqual({ value: Note.parse(note) })
    const refused = await check.validate({ id: 'n2', tags: [{ name: 3 }] })
    expect(refused).toMatchObject({
      issues: [{ path: ['tags', 0, 'name'], message: expect.any(String) }],
    })
  })

  it('compiles no parser for the first records, then lets zod compile them', async () => {
    const counting = countCompiles()
    restore = counting.restore
    const check = recordCheck(Note.extend({}))['~standard']
    for (let i = 0; i < INTERPRETED_CHECKS; i++) await check.validate(note)
    expect(counting.compiles()).toBe(0)
    const compiled = await check.validate(note)
    expect(counting.compiles()).toBeGreaterThan(0)
    expect(compiled).toEqual({ value: { id: 'n1', tags: [{ name: 'a', weight: 1 }] } })
  })
})
