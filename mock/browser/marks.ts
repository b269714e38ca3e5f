/**
 * User Timing marks `startMockWorker` sets, seen in the devtools Performance panel and read by
 * bench/browser.ts: the start runs on the page's critical path, so where its time goes must be
 * visible without a profiler. `worker` = msw's registration and handshake done, `state` = the
 * scenario's store (and the saved state) ready, `ready` = the handlers answer. Its own module, so
 * Node code (the bench, tests) can name them without loading msw's browser client.
 */
export const START_MARKS = {
  start: 'engagement-mock:start',
  worker: 'engagement-mock:worker',
  state: 'engagement-mock:state',
  ready: 'engagement-mock:ready',
} as const
