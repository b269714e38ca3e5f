import type { ChangeFeed } from './change-feed.ts'
import type { IdSource } from './ids.ts'

/** Runs tasks one at a time, in the order given; a task that fails does not stop the next. */
export type Serial = <T>(task: () => Promise<T>) => Promise<T>

/** The mock's one queue of changes: seeding, imports, resets and writes. */
export const serialQueue = (): Serial => {
  let queue: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>) => {
    const next = queue.then(task, task)
    queue = next.catch(() => undefined)
    return next
  }
}

/**
 * The dispatcher's `exclusive`: a write is queued behind every change before it. Writes may draw
 * identifiers: until the identifier source's faker is loaded (once), they wait for it, and for the
 * write operations' module in parallel (`loadForWrites`); after that a write is queued as it is,
 * with no extra step per request (unless a listener wants its changes, `feed.recorded`).
 */
export const exclusiveWrites =
  (
    enqueue: Serial,
    ids: Pick<IdSource, 'loaded'>,
    feed: Pick<ChangeFeed, 'quiet' | 'recorded'>,
    loadForWrites: () => Promise<unknown>,
  ): Serial =>
  <T>(task: () => Promise<T>) =>
    enqueue(
      ids.loaded && feed.quiet
        ? task
        : async () => {
            if (!ids.loaded) await loadForWrites()
            return feed.quiet ? task() : feed.recorded(task)
          },
    )

/**
 * Loads what writes need (`load`) once the first answer is out (in a browser, when the page is
 * idle, after `after`), not before it: the first write then rarely waits. A failed load is
 * retried by the write that needs it. Returns the call to make after each answer.
 */
export const warmUpWrites = (load: () => Promise<unknown>, after?: Promise<unknown>) => {
  let warmed = false
  return (): void => {
    if (warmed) return
    warmed = true
    const run = () => void load().catch(() => undefined)
    const whenIdle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 1000 })
        : setTimeout(run, 0)
    if (after) void after.then(whenIdle)
    else whenIdle()
  }
}
