import type { StandardSchemaV1 } from '@standard-schema/spec'
import type * as z from 'zod'

/**
 * How many records a table checks interpreted before it lets zod compile its parsers. On a
 * compiled parse zod first writes and compiles a parser for each object schema it meets, which
 * costs more than checking the record (a demo form: 6.0 ms compiled against 2.8 interpreted,
 * Node); compiled, a form is then checked in ~7 µs instead of ~12, a response in 2.0 instead of
 * 2.6. That pays back after about a thousand records of a kind (340 sessions, 1,200 responses):
 * a page restoring the demo's 263 records never earns it, and paid it before its first answer
 * (~5 ms of it, measured); a server storing thousands does.
 */
export const INTERPRETED_CHECKS = 1000

/**
 * zod's parse options for a check made once per start (a state's frame, an organization): its
 * compiled parser would cost more than the check itself.
 */
export const INTERPRETED = { jitless: true } as const

/** `schema` as @msw/data's `Collection` takes it, checking interpreted until INTERPRETED_CHECKS. */
export const recordCheck = <S extends z.ZodType>(
  schema: S,
): StandardSchemaV1<z.input<S>, z.output<S>> => {
  let checks = 0
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value) => {
        const result = schema.safeParse(
          value,
          checks++ < INTERPRETED_CHECKS ? INTERPRETED : undefined,
        )
        return result.success ? { value: result.data } : { issues: result.error.issues }
      },
    },
  }
}
