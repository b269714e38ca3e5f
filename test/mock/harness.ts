import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { z } from 'zod'
import {
  type Client,
  type Contract,
  contract,
  createClient,
  ERROR_CONDITIONS,
  type ErrorCondition,
  errorSchemas,
  type Issue,
  type OperationId,
  type RouteDef,
} from '../../contract/index.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import type { MockOptions } from '../../mock/create.ts'
import { startServer } from '../../mock/http/index.ts'
import { setupMockServer } from '../../mock/node/index.ts'

/** The same scenarios run over a real socket (express) and in-process (msw/node). */
export const TRANSPORTS = ['express', 'msw'] as const
export type TransportName = (typeof TRANSPORTS)[number]
export const MSW_BASE_URL = 'https://api.example.test/api/v1'

interface Running {
  baseUrl: string
  origin: string
  mock: MockCore
  close: () => Promise<void>
}

const start = async (transport: TransportName, options: MockOptions): Promise<Running> => {
  if (transport === 'express') {
    const server = await startServer({ port: 0, ...options })
    return { baseUrl: server.baseUrl, origin: server.url, mock: server.mock, close: server.close }
  }
  const server = setupMockServer({ baseUrl: MSW_BASE_URL, ...options })
  await server.mock.ready
  // Anything the handlers do not answer must fail loudly, never reach the network.
  server.listen({ onUnhandledRequest: 'error' })
  return {
    baseUrl: MSW_BASE_URL,
    origin: new URL(MSW_BASE_URL).origin,
    mock: server.mock,
    close: async () => server.close(),
  }
}

export interface Harness {
  readonly transport: TransportName
  readonly mock: MockCore
  /** API root, ending in /api/v1. */
  readonly baseUrl: string
  /** Where the control routes live. */
  readonly origin: string
  readonly acme: Client
  readonly globex: Client
  /** A client with any key, or none. */
  client: (apiKey?: string) => Client
  /** Pins the mock's clock (every request until the next call reads this time); no argument = real time. */
  at: (iso?: string) => void
}

export interface HarnessOptions extends Omit<MockOptions, 'plan'> {
  /** Seed the demo data; by default the mock holds the two demo organizations and nothing else. */
  demo?: boolean
}

/**
 * Starts one transport for the enclosing describe block and resets the mock before each test.
 * Clients are made on access: msw patches the global fetch in `listen()`, and the client keeps
 * the fetch it saw when it was created.
 */
export const useHarness = (transport: TransportName, options: HarnessOptions = {}): Harness => {
  const { demo = false, ...mockOptions } = options
  let running: Running | undefined
  let pinned: Date | undefined
  const live = () => {
    if (!running) throw new Error('The harness is used outside a running test.')
    return running
  }
  beforeAll(async () => {
    running = await start(transport, {
      validateResponses: true,
      clock: () => pinned ?? new Date(),
      ...(demo ? {} : { plan: false as const }),
      ...mockOptions,
    })
  })
  afterAll(async () => {
    await running?.close()
    running = undefined
  })
  beforeEach(async () => {
    pinned = undefined
    await live().mock.reset()
  })
  const client = (apiKey?: string) =>
    createClient({ baseUrl: live().baseUrl, ...(apiKey === undefined ? {} : { apiKey }) })
  return {
    transport,
    get mock() {
      return live().mock
    },
    get baseUrl() {
      return live().baseUrl
    },
    get origin() {
      return live().origin
    },
    get acme() {
      return client(ACME_KEY)
    },
    get globex() {
      return client(GLOBEX_KEY)
    },
    client,
    at: (iso) => {
      pinned = iso === undefined ? undefined : new Date(iso)
    },
  }
}

export interface Answer {
  status: number
  body: unknown
  text: string
}
export type SuccessBody<K extends OperationId> = z.output<Contract[K]['success']['profile']>

/** The profile's success status and success schema of `op`; returns the parsed body. */
export const expectSuccess = <K extends OperationId>(op: K, res: Answer): SuccessBody<K> => {
  const route: RouteDef = contract[op]
  expect(res.status, `${op} answered ${res.text}`).toBe(route.success.status)
  const parsed = route.success.profile.safeParse(res.body)
  expect(parsed.error?.issues ?? [], `${op} success body: ${res.text}`).toEqual([])
  return parsed.data as SuccessBody<K>
}

export interface ErrorBody {
  error: string
  issues?: Issue[]
}

/** The condition's profile status, in the operation's one error shape (plain when no operation). */
export const expectError = (
  op: OperationId | undefined,
  res: Answer,
  condition: ErrorCondition,
): ErrorBody => {
  expect(res.status, `${op ?? 'request'} answered ${res.text}`).toBe(
    ERROR_CONDITIONS[condition].status,
  )
  const shape = op ? contract[op].errorShape : 'plain'
  const parsed = errorSchemas[shape].profile.safeParse(res.body)
  expect(parsed.error?.issues ?? [], `${shape} error body: ${res.text}`).toEqual([])
  return res.body as ErrorBody
}
