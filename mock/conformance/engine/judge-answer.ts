import * as z from 'zod'
import { operationLabel } from '../../../contract/endpoints.ts'
import type { OperationId } from '../../../contract/table.ts'
import type { Exchange } from './failure.ts'

/** The client leaves `body` undefined when the text was not JSON. */
export const isJson = (exchange: Exchange): boolean => exchange.body !== undefined

/** Why an exchange has no answer to judge (a network failure, a time-out), if it has none. */
export const unansweredProblem = (op: OperationId, exchange: Exchange): string | undefined =>
  exchange.status === 0 ? `${operationLabel(op)}: no answer.` : undefined

/** The body as `schema` reads it, or why it does not match, worded after `what`. */
export const readBody = <S extends z.ZodType>(
  schema: S,
  exchange: Exchange,
  what: string,
): { data: z.output<S> } | { problem: string } => {
  const parsed = schema.safeParse(exchange.body)
  return parsed.success
    ? { data: parsed.data }
    : { problem: `${what}:\n${z.prettifyError(parsed.error)}` }
}
