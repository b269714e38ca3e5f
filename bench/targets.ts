/**
 * What the report says when a target is missed: the cause found by profiling the host under the
 * same load (`--cpu-prof`, per-import timings, heap measurements) and what fixing it would take.
 * Kept beside the code so a new run keeps the analysis; revise it when the mock changes.
 */
export type TargetId =
  | 'get'
  | 'p99'
  | 'post'
  | 'postP99'
  | 'flat'
  | 'patchFlat'
  | 'cold'
  | 'coldBuilt'
  | 'rss'
  | 'import'

export const EXPLANATIONS: Record<TargetId, string> = {
  get:
    'API requests go from node:http straight to `mock.handle`, and list bodies come from the ' +
    'per-organization cache (about 3 µs in the msw table below), so the host does less per request ' +
    'than the bare stringify server. A miss here means something now runs per request that did ' +
    'not: profile the host under this load with `--cpu-prof` and look for router layers, body ' +
    'parsing of body-less requests, or a cache that is dropped by reads.',
  p99:
    'The tail is garbage collection: a request that meets a scavenge waits for it. Measured before ' +
    'the node:http fast path, the express pipeline allocated enough per request for ~30 scavenges a ' +
    'second of 2–3.5 ms each. A miss means allocation per request has grown again: compare ' +
    '`--trace-gc` output of the host and of the bare server under the same load.',
  post:
    'A create is mostly the mock itself: zod validation of the body, ids, join code and slug from a ' +
    'seeded faker, and `@msw/data` Collection.create, which deep-copies the record to sanitize it ' +
    'and validates it again with zod (together about 40 % of CPU under this load; socket writes ' +
    'are another 12 %). What it would take: validating the built record once instead of twice, ' +
    'which means a store that does not re-validate what the operations already checked.',
  postP99:
    'The tail of a write is garbage collection and the write queue: a create waits for the one ' +
    'before it. A miss means a write allocates or holds the queue longer: compare `--trace-gc` ' +
    'of the host and of the bare server under the same load.',
  patchFlat:
    'A PATCH touches only its organization’s @msw/data collection and indexes, so its cost does ' +
    'not grow with the store; if this is missed, look at garbage collection of the larger heap.',
  coldBuilt:
    'The installed package runs the same bundle as a clone; see the cold start from a clone.',
  import:
    'An import validates the whole state once (zod) and stores every record; a miss means a ' +
    'record is validated or copied more than once on the way: profile `importState` with ' +
    '`--cpu-prof`.',
  flat:
    'The list is served from a per-organization index and cache, and writes touch only their ' +
    'organization’s @msw/data collection, so neither scans the store; if this is missed, look at ' +
    'garbage collection of the larger heap (p99) first.',
  cold:
    'From a clone the launcher runs a cached esbuild bundle of the sources (rebuilt, ~100 ms more, ' +
    'after an edit: the first-launch figure below). What remains is loading the dependencies ' +
    '(@msw/data pulls in es-toolkit’s ~300-module barrel), building the zod contract, and ' +
    'replaying the demo plan through the operations (~110 ms of CPU: each step is validated, and ' +
    '@msw/data validates and deep-copies every record again). What it would take: seeding from a ' +
    'precomputed state instead of replaying the plan, at the price of a second source of truth for ' +
    'the demo data; or a faster machine, as this figure is absolute, not a ratio.',
  rss:
    'The 100,000 forms take ~195 MiB of live heap (about 2 KB each: zod’s parsed copies are ~60 % ' +
    'larger than the same objects from JSON.parse, and @msw/data adds a UUID and a Map per record), ' +
    'on top of ~150 MiB at start, of which ~36 MiB is tsx’s hooks thread (the benchmark runs the ' +
    'sources; the installed package has no such thread). What it would take: a store that keeps ' +
    'compact records (measured: 101 MiB instead of 163 MiB for the forms alone); compacting before ' +
    '@msw/data stores them does not help, as it adds its own properties to every record.',
}

/** Shown whatever the verdicts: what the targets do not cover but the figures show. */
export const BEYOND = `### Writes at scale

PATCH /forms/{id} is measured at every store size (the records table). Each resource keeps one
\`@msw/data\` collection per organization, because Collection.update and delete find their record by
scanning the collection (twice: findFirst, then #indexOf): with one collection for everybody, an update
at 100,000 records ran at about ten requests a second. Per organization, a write costs what that
organization's own records cost, whatever the size of the store.
`
