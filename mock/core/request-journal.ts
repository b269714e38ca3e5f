import type * as z from 'zod'
import type { Issue } from '../../contract/errors.ts'
import type { ReleaseTable } from '../../contract/release-table.ts'
import type { Layered, PathParams } from '../../contract/route.ts'
import type { Contract, OperationId } from '../../contract/table.ts'
import { type MockRequest, type RequestReading, readRequest, tooLargeMessage } from './dispatch.ts'

/**
 * The request journal: what an app sent to the mock, in tests (`server.mock.journal`). Not the
 * change journal of `serve --state` (mock/http/state/journal.ts), which keeps the store's record
 * changes on disk; this one keeps requests in memory and nothing else reads it. A host makes one
 * and gives it to the mock (`journal`): the core only calls it, so a browser app that keeps none
 * (imports no `RequestJournal`) bundles none of this module.
 */

/**
 * The body as the app sent it, when it fits the operation's request schema: `z.input`, the type
 * `createClient` takes. `z.infer` (the output) would add the defaults the app never sent.
 */
export type SentBody<K extends OperationId> = Contract[K] extends { body: infer B extends Layered }
  ? z.input<B['profile']>
  : undefined

interface EntryBase {
  /** The path relative to the API root, as sent: `/forms/frm_1/publish`. */
  path: string
  /** The status the mock answered; `undefined` while the answer is on its way. */
  readonly status: number | undefined
}

/** One request to operation `K`: typed when its body fits the contract, `unknown` when it did not. */
export type JournalEntry<K extends OperationId = OperationId> = K extends OperationId
  ? EntryBase & {
      operationId: K
      method: Contract[K]['method']
      params: PathParams<Contract[K]['path']>
    } & (
        | { valid: true; body: SentBody<K> }
        | {
            /** The body is not what the operation takes (the mock refused it, or would have). */
            valid: false
            /** The body's JSON, its text where it is not JSON, `undefined` where none was sent. */
            body: unknown
            /** Why: the issues the mock's validation answers with. */
            issues: Issue[]
          }
      )
  : never

/** A request under the API root that matches no operation (of the mock's release): answered 404 or 405. */
export type UnmatchedEntry = EntryBase & {
  operationId: null
  method: string
  params: Record<string, never>
  valid: false
  body: unknown
  issues: Issue[]
}

export type AnyJournalEntry = JournalEntry | UnmatchedEntry

interface Matched {
  operationId: OperationId
  method: string
  path: string
  params: Record<string, string>
  status: undefined
  valid: boolean
  body: unknown
  issues?: Issue[]
}

/**
 * Pairs an operation with its own body and parameters: `body` passed that operation's schema
 * when `valid`, and `params` are that operation's path parameters (router.ts). TypeScript cannot
 * follow `operationId` to either, hence the one cast.
 */
const typed = (entry: Matched): AnyJournalEntry => entry as unknown as AnyJournalEntry

/** The body's JSON where it is JSON, else its text; nothing where none was sent. */
const looseBody = (raw: string | undefined): unknown => {
  if (raw === undefined || raw.trim() === '') return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

/**
 * A request as the request journal keeps it: its operation (in the mock's release, `table`), path
 * parameters and body, checked by the same reading the dispatcher answers with, so `valid` is what
 * the mock made of the body whatever else it answered (a 401 still says whether it fit).
 */
export const journalEntryOf = (request: MockRequest, table?: ReleaseTable): AnyJournalEntry =>
  entryOfReading(request, readRequest(request, table))

/** The entry of a request the dispatcher has read (`readRequest`): nothing is read again. */
export const entryOfReading = (request: MockRequest, reading: RequestReading): AnyJournalEntry => {
  const { method, path } = request
  const { match, body: read } = reading
  if (match.kind !== 'operation') {
    return {
      operationId: null,
      method,
      path,
      params: {},
      valid: false,
      body: looseBody(request.body),
      issues: [{ path: [], message: `No operation matches ${method} ${path}.` }],
      status: undefined,
    }
  }
  const base = { operationId: match.id, method, path, params: match.params, status: undefined }
  if (reading.tooLarge) {
    const issues = [{ path: [], message: tooLargeMessage }]
    return typed({ ...base, valid: false, body: undefined, issues })
  }
  if (read && 'failure' in read) {
    const issues = read.issues?.length ? read.issues : [{ path: [], message: read.message }]
    return typed({ ...base, valid: false, body: looseBody(request.body), issues })
  }
  return typed({ ...base, valid: true, body: read?.sent })
}

/** Entries kept; past it the oldest go (a dev page left open all day stays small). */
export const JOURNAL_LIMIT = 10_000

/**
 * What the app sent, in the order it reached the mock, with the status each was answered. Emptied
 * by the mock's `reset()` (or `clear()`). `setupMockServer` keeps one unless `journal: false`,
 * `startMockWorker` with `journal: true`, `createMock({ journal: new RequestJournal() })`; reading
 * one made with `false` throws, rather than show an empty list that would pass a test by mistake.
 */
export class RequestJournal {
  #entries: AnyJournalEntry[] = []
  #dropped = 0
  /** `false`: a journal that keeps nothing and throws when read (a host's `journal: false`). */
  readonly enabled: boolean

  constructor(enabled = true) {
    this.enabled = enabled
  }

  #read(): AnyJournalEntry[] {
    if (!this.enabled) {
      throw new Error('This mock keeps no request journal: it was started with `journal: false`.')
    }
    return this.#entries
  }

  /** Every request, oldest first. */
  get entries(): readonly AnyJournalEntry[] {
    return this.#read()
  }

  /** The requests to one operation, oldest first, their bodies typed as that operation's. */
  of<K extends OperationId>(operationId: K): JournalEntry<K>[] {
    return this.#read().filter(
      (entry): entry is JournalEntry<K> => entry.operationId === operationId,
    )
  }

  /** How many of the oldest entries were let go past `JOURNAL_LIMIT` since the last reset. */
  get dropped(): number {
    return this.#dropped
  }

  clear(): void {
    this.#entries = []
    this.#dropped = 0
  }

  /**
   * The mock's own: keeps a request as it arrives, as the dispatcher read it (its operation in the
   * mock's release); the function returned sets the status it was answered.
   */
  add(request: MockRequest, reading: RequestReading): ((status: number) => void) | undefined {
    return this.enabled ? this.keep(entryOfReading(request, reading)) : undefined
  }

  /** Keeps an entry made elsewhere (tests); the function returned sets its status. */
  keep(entry: AnyJournalEntry): (status: number) => void {
    this.#entries.push(entry)
    if (this.#entries.length > JOURNAL_LIMIT) {
      this.#entries.shift()
      this.#dropped += 1
    }
    return (status) => {
      ;(entry as { status: number | undefined }).status = status
    }
  }
}
