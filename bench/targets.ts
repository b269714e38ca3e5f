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
  | 'proxyThroughput'
  | 'proxyLatency'

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
    'Out of reach of the chosen dependencies; the Measured column gives the floor’s ratio from the ' +
    'same runs. The floor (bench/servers/floor-server.ts) is the bare server plus only what any ' +
    'POST of a mock on zod and @msw/data must do: the body’s zod check, the record stored through ' +
    'our Table (Collection.create and its zod check of the record) and the view stringified, ' +
    'answered per event-loop turn like our host; no key lookup, routing, identifiers or error ' +
    'shapes. In session 20’s interleaved runs (wrk, 10 connections, CPU per request from /proc) ' +
    'it cost 74–100 µs per POST against the bare server’s 36–50 and the mock’s 85–120, and ran at ' +
    '0.43–0.74× the bare server’s req/s: at or under the 0.6 line before any code of ours. The ' +
    'same server without the create cost 54–58 µs; keeping a plain object per POST instead of ' +
    'creating a record, 71–78: the create and the record it keeps (copied twice by the scavenger) ' +
    'are the larger part. In process our own code is ~3–5 µs of a ~35 µs POST; over HTTP what ' +
    'separates the mock from the floor is mostly the identifier sets (~5 µs: a cache miss per ' +
    'probe into a table of every id handed out). Already cut: answering a turn’s requests ' +
    'together (the mock’s code out of the CPU caches between requests), a router pass over every ' +
    'route, create’s key-by-key copy of each record, JS Sets for the identifiers, faker’s ' +
    'per-character helpers, @msw/data’s random UUID per record, a binary search per insert, a ' +
    'zod parse of default settings per form, and in session 20 headers set one by one, objects ' +
    'and closures per write and a date text per request. Reaching 0.6× needs one of: a target ' +
    'relative to the floor (the mock within a set margin of it), records stored without ' +
    '@msw/data’s second check (a pass-through collection schema, tried and reverted: it worked ' +
    'around the store library) or another store.',
  postP99:
    'Out of reach of the chosen dependencies too: the floor’s p99 ratio from the same runs is in ' +
    'the Measured column. The tail is the young generation’s scavenges (`--trace-gc-nvp` over ' +
    'the POST load): every created record survives and is copied twice (into the other ' +
    'semi-space, then into the old generation), so a scavenge’s pause is set by the records made ' +
    'since the last one: ~3 ms on this machine for ~280 POSTs (~1.8 KB survived per POST), ' +
    'holding all 10 connections. Allocating less per POST (37.7 → 34.6 KB over HTTP in session ' +
    '20) makes scavenges rarer, not shorter. Measured again in session 20 on a quiet machine: ' +
    'semi-spaces of 4, 8, 16, 64 and 128 MB (larger: rarer pauses, each as much longer; smaller: ' +
    'more of them) and `--minor-mc` (slower, and it crashed with concurrent marking): none came ' +
    'within 3× (p99 5–40 ms against the bare server’s 0.9–1.6). Of the ~1.36 KB each form ' +
    'keeps, ~310 B is @msw/data’s empty relation Map per record. The same decision as the ' +
    'throughput’s applies.',
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
    'checked once, by their collections’ zod schemas, and stored per collection on first use ' +
    '(the first GET /forms stores the 15 forms, not all 263 records: 0.68× the CPU to the first ' +
    'answer, interleaved, busy machine). The code cache took about a tenth off the ' +
    'CPU to the first answer (measured interleaved against the previous bundle: 0.91× from a ' +
    'clone, 0.92× installed, busy machine); the first start after a clone or an install has no ' +
    'cache yet and is reported on its own. What remains, by profile: garbage collection (young ' +
    'generation scavenges of the code and schemas loaded at start: 4 before the first answer, ' +
    '~20 ms in a --trace-gc run), building the contract’s schemas at import (the largest part ' +
    'of the JavaScript run before the first answer), @msw/data’s create of each record, ' +
    'V8 reading the code cache (~0.8 MB), and Node’s own start (the floor beside it). Cut in ' +
    'session 18 (to the first 200, interleaved against the previous main, busy machine: CPU ' +
    '0.88× from a clone and 0.80–0.88× installed, wall 0.85–0.89×): express (with its iconv-lite and mime-db tables) and faker are ' +
    'files of their own beside serve.cjs, required on first use (serve.cjs 2.2 → 0.82 MB: less ' +
    'to read, copy into a string and flatten at every start; 0.94× alone); zod compiles an object ' +
    'schema’s fast path (`new Function`, which no code cache covers) on its 100th parse instead ' +
    'of its first, so the start’s few parses run zod’s interpreted path (~0.94–0.96×; writes ' +
    'still get it); and `serve` opens its port before it builds the mock, so a client polling ' +
    'for the port is held, not refused, and answered as soon as the mock is ready. Also cut in ' +
    'session 17 (CPU to the first answer, interleaved against the previous build: 0.97–1.00× ' +
    'from a clone, 0.92–0.99× installed, about as large as the noise): zod-to-openapi no longer ' +
    'runs at start (the mock imports the contract files it uses, not the index that re-exports ' +
    'openapi.ts; a lint rule and the startup test keep it so), the launcher is CommonJS (an ES ' +
    'module entry cost ~10 ms of CPU in Node’s module loader), the code cache’s key is a checksum ' +
    'the bundle carries (no node:zlib, no CRC of 2 MB per start), and the state-file code ' +
    '(node:crypto) loads only for --state. Measured and not kept (interleaved): a larger young ' +
    'generation during the start (`--semi-space-growth-factor=16`, `--min-semi-space-size=16`) ' +
    'started slower, and a serve bundle without iconv-lite and mime-db alone (a third of its ' +
    '2.2 MB) started no faster in session 17. ' +
    'This figure is absolute, so a busy machine inflates it: compare with the floor beside it. ' +
    'What it would take: the contract’s schemas built per resource on first use (building all ' +
    '1,111 zod objects at import is most of the JavaScript before the first answer, and it drives ' +
    'the scavenges; the documented layer and the OpenAPI-only text are only 135 of them, ~2 ms, ' +
    'measured in session 18). Cut in session 19: serve loads the demo snapshot’s parts on first ' +
    'use (a first GET /forms loads the forms part alone: the four others and the code holding ' +
    'their text are out of the code cache, ~555 KB instead of ~725, ~2.5 ms less to deserialize), ' +
    'the clone launcher’s freshness check of its ~95 sources compares numbers and joins paths ' +
    'itself (~4 → ~2.5 ms), and zod’s fromJSONSchema is a stub in serve.cjs (its module ran ' +
    '~0.8 ms at load). A startup snapshot (`--build-snapshot`) was ' +
    'tried and dropped: on Node 20.20 its builder ' +
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
    'file is read as it is stored: a saved state comes in 1 MiB chunks into one reused buffer, ' +
    'each record’s bytes decoded and parsed right before it is stored (importStateFile, ' +
    'state-text.ts StateStream, buildStore); a file laid out otherwise is read whole and split ' +
    'the same way. The state’s head is checked first; the checks across records (unique ids, join ' +
    'codes, slugs and API keys; owners, forms, seq) run on each record as it is stored. Session 19 ' +
    '(in process, alternated against main, busy machine): the identifiers in use kept in a ' +
    'StringSet instead of JS Sets (~0.9× of the CPU), each record handed to Collection.create ' +
    'without its key-by-key copy (with the former ~0.78×), the file streamed instead of read ' +
    'whole (~22,000 page faults less; all three ~0.63–0.73×). Session 20: the identifier sets ' +
    'sized from the file’s size instead of grown as records come, and ~0.4 KB less allocated per ' +
    'record in Table.insert (~0.96× of the CPU, settled RSS ~7 MiB lower). What remains, ' +
    'profiled: a quarter to a third is garbage collection (each kept record is copied twice by ' +
    'the scavenger, ~1.5 KB of it; ~12.2 KB allocated per record, ~10 KB of it zod’s, create’s and ' +
    'JSON.parse’s), ~10% JSON.parse of the records (~3.5 µs each), ~15% the zod check, ~7% ' +
    'create’s own work, ~7% the identifier sets (a cache miss per identifier), ~5% the tables’ ' +
    'indexes, ~5% finding and decoding each record’s bytes. Tried and not kept (session 18): a ' +
    'young generation held at 4 MiB instead of 1 (~0.9× the CPU, +20 MiB of settled RSS); ' +
    'scavenging on one thread. What it would take further: ' +
    'fewer bytes kept per record (shared strings for repeated values, no per-record relation Map: ' +
    'an @msw/data change). On a busy machine this figure inflates with the others: compare with ' +
    'the floor of the cold start.',
  proxyThroughput:
    'Each answer passes through http-proxy-3 (node:http on both sides, a keep-alive agent to the ' +
    'upstream) and a copy of it is parsed and checked with the documented zod schemas once it has ' +
    'passed. A miss means the check per answer has grown: profile `engagement-mock proxy` under this ' +
    'load with `--cpu-prof` and compare the share of the checker (check-exchange.ts and zod) with ' +
    'forwarding; Prism’s figure comes from the same runs.',
  proxyLatency:
    'The answer is streamed: the client gets each chunk as it arrives, and the check runs after the ' +
    'last one, beside the next request. What is added is two loopback hops and node:http parsing on ' +
    'the proxy, plus the check where it delays the next answer on the same core. A miss on a busy ' +
    'machine is mostly the other processes: compare with the upstream’s own p50 in the same runs.',
}

/** Shown whatever the verdicts: what the targets do not cover but the figures show. */
export const BEYOND = `### Writes at scale

PATCH /forms/{id} is measured at every store size (the records table). Each resource keeps one
\`@msw/data\` collection per organization, because Collection.update and delete find their record by
scanning the collection (twice: findFirst, then #indexOf): with one collection for everybody, an update
at 100,000 records ran at about ten requests a second. Per organization, a write costs what that
organization's own records cost, whatever the size of the store.
`
