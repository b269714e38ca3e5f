import type * as z from 'zod'
import type { Layered, PathParamNames, RouteDef } from '../../contract/route.ts'
import type { Contract, OperationId } from '../../contract/table.ts'
import type { IdSource } from './ids.ts'
import type { Result } from './result.ts'
import type { Organization, Store } from './store.ts'

/** Everything an operation may use: no request, no response, no transport. */
export interface OpContext<R extends RouteDef> {
  store: Store
  ids: IdSource
  org: Organization
  /** The mock's clock, read once per request. */
  now: string
  /** Base of the public share URLs, without a trailing slash. */
  publicBase: string
  params: { [K in PathParamNames<R['path']>]: string }
  body: R['body'] extends Layered ? z.output<R['body']['profile']> : undefined
}

export type Operation<R extends RouteDef> = (
  ctx: OpContext<R>,
) => Promise<Result<z.output<R['success']['profile']>>> | Result<z.output<R['success']['profile']>>

export type Operations = { [K in OperationId]: Operation<Contract[K]> }

/** Operations that change nothing (GET): the first answer needs some of them. */
export type ReadId = {
  [K in OperationId]: Contract[K]['method'] extends 'GET' ? K : never
}[OperationId]
export type WriteId = Exclude<OperationId, ReadId>
export type ReadOperations = Pick<Operations, ReadId>
export type WriteOperations = Pick<Operations, WriteId>
