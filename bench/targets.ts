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
    'per-organization cache, so the host does less per request than the bare stringify server. ' +
    'A miss here means something now runs per request that did not: profile the host under this ' +
    'load with `--cpu-prof` and look for router layers, body parsing of body-less requests, or a ' +
    'cache that is dropped by reads.',
  p99:
    'The tail is garbage collection: a request that meets a scavenge waits for it. A miss means ' +
    'allocation per request has grown again: compare `--trace-gc` output of the host and of the ' +
    'bare server under the same load.',
  post:
    'Profiled in process (`--cpu-prof`, 20,000 creates into one organization as in the POST run): ' +
    'a create costs ~53 µs of CPU (~70 before session 16). What remains is mostly library work: ' +
    '@msw/data Collection.create copies the record key by key with a new path array per key ' +
    '(#sanitizeInitialValues, ~30%), zod checks the body and then the whole record (~15%), the ' +
    'identifier sets (~10%: inserts into sets of every id handed out), JSON parse and stringify ' +
    '(~10%), garbage collection ~4%. Over HTTP a POST costs ~2.5–3.5× its in-process CPU, and that ' +
    'gap is the machine, not the mock: the host alone (api-host with a stub answering the same ' +
    'bytes) costs 10–20 µs more than the bare server, but a stub that spins 80 µs per request ' +
    'costs 150–190 µs of CPU per request over HTTP on this 2-vCPU VM, where wrk and the server ' +
    'share the cores and caches between every request (same system calls as the bare server). ' +
    'Already cut: faker’s per-character helpers (identifiers drawn straight from its seeded ' +
    'generator, same values), concatenated ids copied again to be hashed, a binary search per ' +
    'insert over a write-heavy organization’s list, @msw/data’s random UUID per record, a second ' +
    'hash lookup per identifier, a zod parse of default settings per form. What it would take: ' +
    '0.6× leaves ~65 µs of CPU per POST in all at the bare server’s ~40 µs, HTTP included; ' +
    '@msw/data’s copy plus the two zod checks alone are ~25 µs in process and more over HTTP. ' +
    'A store whose create does not copy the record before its schema check (an @msw/data change) ' +
    'is the next step; checking less is not an option.',
  postP99:
    'The tail of a write is garbage collection: each create allocates the copies described for ' +
    'POST throughput, and every record survives into the old generation, so the store grows ' +
    'under the load and major collections mark all of it. It falls with the allocation per ' +
    'create and with the heap per record (see RSS). Holding the young generation small for good ' +
    'would shorten scavenges but cost ~25% more CPU per create (measured), so it is held only ' +
    'while a state loads (mock/heap.ts).',
  flat:
    'The list is served from a per-organization index and cache, and writes touch only their ' +
    'organization’s @msw/data collection, so neither scans the store; if this is missed, look at ' +
    'garbage collection of the larger heap (p99) first, and at how busy the machine was.',
  patchFlat:
    'A PATCH touches only its organization’s @msw/data collection and indexes, so its cost does ' +
    'not grow with the store; if this is missed, look at garbage collection of the larger heap. ' +
    'Trade-off to know: `serve` (and the bench server) load a state with the young generation’s ' +
    'growth held (mock/heap.ts), which saves ~25 MiB of settled RSS at 100,000 records, but the ' +
    'young generation then stays small under PATCH load (little of a PATCH survives, so V8 does ' +
    'not grow it): ~10–15% more CPU per PATCH at 100,000 in an A/B on a busy machine.',
  cold:
    'Profiled with `--cpu-prof`: the default demo loads a precomputed state (no faker plan); ' +
    'express, the pages and faker wait for first use (faker loads after the first answer, before ' +
    'the first write needs an identifier); `serve` runs from its own minified CommonJS bundle ' +
    '(serve.cjs: no conformance engine, fast-check or other command in it, zod’s English locale ' +
    'alone, ASCII so V8 reads it as a one-byte string) compiled with a V8 code cache that the ' +
    'first start writes once it answers (Node 20 has no compile cache for ES modules); no source ' +
    'map is read (NODE_OPTIONS=--enable-source-maps when wanted); the snapshot’s records are ' +
    'checked once, by their collections’ zod schemas. The code cache took about a tenth off the ' +
    'CPU to the first answer (measured interleaved against the previous bundle: 0.91× from a ' +
    'clone, 0.92× installed, busy machine); the first start after a clone or an install has no ' +
    'cache yet and is reported on its own. What remains, by profile: garbage collection (young ' +
    'generation scavenges of the store being built), zod compiling each object schema’s fast path ' +
    '(`new Function`, which no code cache covers) on the first check of the snapshot’s ~260 ' +
    'records, building the contract’s schemas at import, @msw/data’s create of each record, ' +
    'V8 reading the code cache (~1 MB), and Node’s own start (the floor beside it). Since cut ' +
    '(session 17, interleaved against the previous build, CPU to the first answer in three runs: 0.97–1.00× from a clone, 0.92–0.99× installed, about as large as the noise): ' +
    'zod-to-openapi no longer runs at start (the mock imports the contract files it uses, not ' +
    'the index that re-exports openapi.ts; a lint rule and the startup test keep it so), the ' +
    'launcher is CommonJS (an ES module entry cost ~10 ms of CPU in Node’s module loader), the ' +
    'code cache’s key is a checksum the bundle carries (no node:zlib, no CRC of 2 MB per start), ' +
    'and the state-file code (node:crypto) loads only for --state. ' +
    'This figure is absolute, so a busy machine inflates it: compare with the floor beside it. ' +
    'What it would take: the demo collections filled per resource on first use, ' +
    'contract schemas built on first use, and a snapshot import that checks records without ' +
    'compiling a fast path per schema first (zod’s per-parse `jitless`, for the import only); a ' +
    'startup snapshot (`--build-snapshot`) was tried and dropped: on Node 20.20 its builder ' +
    'lacks `Array.prototype.toSorted`, warns that node:http is unverified, and needs a second ' +
    'Node process per start.',
  coldBuilt:
    'The installed package’s launcher runs the bundles `npm run build` writes to dist/cli, the ' +
    'same as a clone runs from its cache, and writes serve’s code cache there on its first start ' +
    '(none is shipped: V8’s data is tied to one Node version); see the cold start from a clone.',
  rss:
    'Measured with V8’s heap statistics at 100,000 filler forms (bench server, after the import and ' +
    'the settle loop): ~141 MiB of live old space, ~24 MiB of large objects (the identifier sets ' +
    'and indexes), the young generation and ~62 MiB outside the heap. Already cut: @msw/data’s ' +
    'random UUID per record (48 MiB); the young generation the import grew to 32 MiB and V8 kept ' +
    '(`serve` now loads a state with its growth held, mock/heap.ts); and the whole parsed file ' +
    'living beside the records during the import (a state file is parsed record by record: for ' +
    'the same 161 MiB live, the heap after the import is 201 MiB instead of 254, fewer part-used ' +
    'pages V8 does not compact). Per record ~1.5 KB live: ~0.5 KB of strings (repeated values such ' +
    'as the owner id or default messages are separate copies when imported from JSON), ~0.7 KB of ' +
    'objects (form, settings, fields), ~0.2 KB for the Map @msw/data gives each record for ' +
    'relations, ~0.2 KB in the identifier sets and indexes. "Settled" here follows the bench’s ' +
    'forced full collections (`gc()`); `serve` runs one after loading a state (mock/heap.ts), ' +
    'without which an idle process kept the import’s garbage (V8’s memory reducer did not give it ' +
    'back). What it would take: shared strings for repeated values, and no per-record relation ' +
    'Map (an @msw/data change).',
  import:
    'Each record is checked once, by its collection’s zod schema as @msw/data stores it, and the ' +
    'file is parsed record by record: its structure between the records is read without parsing ' +
    'it, and each record’s text is parsed right before it is stored (importStateFile, ' +
    'state-text.ts, buildStore). The state’s frame is checked first; the checks across records ' +
    '(unique ids, join codes, slugs and API keys; owners, forms, seq) run on each record as it is ' +
    'stored. Profiled in process at 100,000 filler forms (--cpu-prof of the import alone, busy ' +
    'machine): ~40% is @msw/data’s create (#sanitizeInitialValues copies the record key by key ' +
    'with a path array per key, ~25%; the zod check ~11%; a Map per record), a fifth garbage ' +
    'collection (scavenges copying the records that survive, their strings included), a tenth ' +
    'reading the ~83 MB file (the system’s copy and UTF-8 decoding), a tenth parsing the records ' +
    'and the structure between them, a tenth our reserved sets of 600,000 ids, codes and slugs, ' +
    'the rest the tables’ indexes. Parsing record by record did not move the total (the whole ' +
    'parse, and copying its result out of the young generation, is gone, but the records’ strings ' +
    'are now copied out during the stores); it lowered the settled RSS. What it would take: ' +
    'storing records without @msw/data’s per-key copy, the change of the store the POST target ' +
    'needs too; it cannot be met by checking less. On a busy machine this figure inflates with ' +
    'the others: compare with the floor of the cold start.',
}

/** Shown whatever the verdicts: what the targets do not cover but the figures show. */
export const BEYOND = `### Writes at scale

PATCH /forms/{id} is measured at every store size (the records table). Each resource keeps one
\`@msw/data\` collection per organization, because Collection.update and delete find their record by
scanning the collection (twice: findFirst, then #indexOf): with one collection for everybody, an update
at 100,000 records ran at about ten requests a second. Per organization, a write costs what that
organization's own records cost, whatever the size of the store.
`
