import { type EndpointId, endpoints } from '../../contract/endpoints.ts'
import type { Operations, WriteId, WriteOperations } from '../core/context.ts'
import { loadOnce } from '../core/load-once.ts'
import { readOperations } from './reads.ts'

/**
 * The write operations, imported once, on the first write or when the mock warms up after its
 * first answer (core/mock.ts). A bundler splits them off: the first answers of a page are reads,
 * and a write already waits for faker's chunk to draw identifiers. A failed import is tried again
 * by the next write.
 */
export const loadWriteOperations: () => Promise<WriteOperations> = loadOnce(
  async () => (await import('./writes.ts')).writeOperations,
)

const writeIds = (Object.keys(endpoints) as EndpointId[]).filter(
  (id): id is WriteId => endpoints[id].method !== 'GET',
)
type AnyOperation = (ctx: never) => ReturnType<Operations[WriteId]>
/** Each write, as a function that loads the writes' module and runs the operation in it. */
const deferredWrites = Object.fromEntries(
  writeIds.map((id) => [
    id,
    async (ctx: never) => ((await loadWriteOperations())[id] as AnyOperation)(ctx),
  ]),
) as unknown as WriteOperations

/** Every operation of the endpoint table, implemented once; the types make a missing one a compile error. */
export const operations: Operations = { ...readOperations, ...deferredWrites }
