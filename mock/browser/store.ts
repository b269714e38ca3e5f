import type { MockCore } from '../core/mock.ts'
import { PACKAGE_VERSION } from '../core/version.ts'

/** The IndexedDB database every page of an origin keeps its mock states in. */
export const DATABASE = 'engagement-mock'
const TABLE = 'states'
/** Saved states are keyed by this first: another package version never reads them. */
const VERSION_PREFIX = `v${PACKAGE_VERSION}/`
/** Other tabs' mocks (and the app, to refetch) hear of changes under this event name. */
export const CHANGE_EVENT = 'engagement-mock:change'

const warn = (message: string, error?: unknown) =>
  console.warn(
    `[engagement-mock] ${message}${error === undefined ? '' : ` (${error instanceof Error ? error.message : String(error)})`}`,
  )

const opened = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(TABLE)
    request.onsuccess = () => {
      const db = request.result
      // `indexedDB.deleteDatabase('engagement-mock')` from the console must not wait for this page.
      db.onversionchange = () => db.close()
      resolve(db)
    }
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('the database is blocked by another tab'))
  })

const run = <T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  act: (table: IDBObjectStore) => IDBRequest<T>,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const tx = db.transaction(TABLE, mode)
    const request = act(tx.objectStore(TABLE))
    tx.oncomplete = () => resolve(request.result)
    tx.onerror = () => reject(tx.error ?? request.error)
    tx.onabort = () => reject(tx.error ?? new Error('the transaction was aborted'))
  })

type Message = { type: 'state'; text: string } | { type: 'reset' }

export interface BrowserStore {
  /** The mock the hosts use: every change is saved and sent to the other tabs. */
  mock: MockCore
  /** Whether the start state came from a previous visit. */
  restored: boolean
  /** The key the state is saved under (package version, seed, scenario). */
  key: string
  close: () => void
}

/** A short, stable fingerprint of a text (FNV-1a), to key a state given as an object. */
export const fingerprint = (text: string): string => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

export const storeKey = (seed: number, scenario: string) =>
  `${VERSION_PREFIX}seed=${seed}/scenario=${scenario}`

/**
 * Keeps a browser mock's state across reloads (IndexedDB) and in step between the tabs of the
 * origin (BroadcastChannel), under a key of package version, seed and scenario. Whatever fails —
 * no IndexedDB, a full quota, a corrupt saved state — is a console warning and the mock runs on
 * in memory: never a broken page.
 */
export const persistMock = async (core: MockCore, key: string): Promise<BrowserStore> => {
  let db: IDBDatabase | undefined
  try {
    db = await opened()
  } catch (error) {
    warn('Mock state will not survive a reload: IndexedDB is not available', error)
  }
  const channel =
    typeof BroadcastChannel === 'undefined'
      ? undefined
      : new BroadcastChannel(`engagement-mock/${key}`)
  const announce = () => globalThis.dispatchEvent?.(new Event(CHANGE_EVENT))

  let restored = false
  const saved = db ? await run(db, 'readonly', (t) => t.get(key)).catch(() => undefined) : undefined
  await core.ready
  if (typeof saved === 'string') {
    let state: unknown
    let problem: string | undefined
    try {
      state = JSON.parse(saved)
    } catch (error) {
      problem = `not JSON: ${error instanceof Error ? error.message : String(error)}`
    }
    if (problem === undefined) {
      const imported = await core.importState(state)
      if (!imported.ok) problem = imported.error
    }
    if (problem === undefined) restored = true
    else {
      warn(`The saved mock state "${key}" could not be used and was dropped: ${problem}`)
      if (db) await run(db, 'readwrite', (t) => t.delete(key)).catch(() => undefined)
    }
  } else if (saved !== undefined) {
    warn(`The saved mock state "${key}" was not a saved state and was dropped`)
    if (db) await run(db, 'readwrite', (t) => t.delete(key)).catch(() => undefined)
  }

  // Writes are saved one after another, in the order the mock made them.
  let saving: Promise<unknown> = Promise.resolve()
  const save = (text: string | undefined) => {
    const target = db
    if (!target) return saving
    saving = saving
      .then(() =>
        text === undefined
          ? run(target, 'readwrite', (t) => t.delete(key))
          : run(target, 'readwrite', (t) => t.put(text, key)),
      )

      .catch((error) => warn('Could not save the mock state; it stays in this page only', error))
    return saving
  }
  const publish = async () => {
    // Every part in first: a part not loaded yet must never be saved as an empty collection.
    await core.filled()
    const text = JSON.stringify(core.exportState())
    channel?.postMessage({ type: 'state', text } satisfies Message)
    await save(text)
  }

  if (channel) {
    channel.onmessage = async (event: MessageEvent<Message>) => {
      const message = event.data
      if (message.type === 'reset') await core.reset()
      else if (message.type === 'state') {
        const imported = await core.importState(JSON.parse(message.text))
        if (!imported.ok) return warn(`Ignored a state from another tab: ${imported.error}`)
      } else return
      announce()
    }
  }

  // Old versions' states are never read again: drop them, after start, without waiting.
  if (db) {
    const target = db
    void run(target, 'readonly', (t) => t.getAllKeys())
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => typeof k === 'string' && !k.startsWith(VERSION_PREFIX))
            .map((k) => run(target, 'readwrite', (t) => t.delete(k))),
        ),
      )
      .catch(() => undefined)
  }

  const mock: MockCore = Object.create(core)
  Object.assign(mock, {
    handle: async (request: Parameters<MockCore['handle']>[0]) => {
      const response = await core.handle(request)
      const write = request.method !== 'GET' && request.method !== 'HEAD'
      if (write && response.status < 400) await publish()
      return response
    },
    reset: async () => {
      await core.reset()
      channel?.postMessage({ type: 'reset' } satisfies Message)
      await save(undefined)
    },
    importState: async (input: unknown) => {
      const result = await core.importState(input)
      if (result.ok) await publish()
      return result
    },
  } satisfies Partial<MockCore>)

  return {
    mock,
    restored,
    key,
    close: () => {
      channel?.close()
      db?.close()
    },
  }
}
