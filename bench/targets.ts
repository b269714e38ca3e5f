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
    'a create costs ~50 µs of CPU (~70 before session 16, ~65 before session 17). What remains is ' +
    'mostly library work: zod checks the body and then the whole record (including a `new URL()` ' +
    'for the share link), @msw/data Collection.create still copies the record’s own keys (a path ' +
    'array and an entry per key) and gives it a Map, the identifier sets take inserts into sets of ' +
    'every id handed out, JSON parse and stringify, and garbage collection. Over HTTP a POST ' +
    'allocates ~43 KB (the bare server ~10 KB): zod’s copies of the body and of the record, the ' +
    'JSON, the host’s body reading; and a POST costs ~2.5–3.5× its in-process CPU, a gap that is ' +
    'the machine, not the mock: the host alone (api-host with a stub answering the same bytes) ' +
    'costs 10–20 µs more than the bare server, but a stub that spins 80 µs per request costs ' +
    '150–190 µs of CPU per request over HTTP on this 2-vCPU VM, where wrk and the server share the ' +
    'cores and caches between every request (same system calls as the bare server). Already cut: ' +
    'create’s key-by-key copy of every object nested in a record (session 17: handed over as ' +
    'tagged shallow copies it does not walk, zod still checks every key; ~20% less CPU per create ' +
    'in process, 54 → 43 KB allocated per POST, CPU per POST over HTTP 0.86× of the previous ' +
    'build interleaved), faker’s per-character helpers, concatenated ids copied again to be ' +
    'hashed, a binary search per insert over a write-heavy organization’s list, @msw/data’s ' +
    'random UUID per record, a second hash lookup per identifier, a zod parse of default settings ' +
    'per form. What it would take: 0.6× leaves ~65 µs of CPU per POST in all at the bare server’s ' +
    '~40 µs, HTTP included; the two zod checks and create alone are ~25 µs in process and more ' +
    'over HTTP. A store that keeps the schema’s output without copying and checking through a ' +
    'generic walk (an @msw/data change) is the next step; checking less is not an option.',
  postP99:
    'The tail is the young generation’s scavenges, measured with `--trace-gc-nvp` over the POST ' +
    'load: a scavenge comes every ~150–300 POSTs and holds all 10 connections, so ~5% of requests ' +
    'meet one, and each takes ~2–8 ms on this machine (the bare server’s 0.3 ms): it copies the ' +
    'records created since the last one (~1.3 KB survives per POST, copied once inside the young ' +
    'generation and once into the old), where the bare server’s requests leave nothing alive. ' +
    'Mark-compacts of the growing store come 0–1 per 5 s run (8–25 ms, ~10 requests each, under ' +
    '0.1% of requests): not the p99. So it falls with the allocation per POST (fewer scavenges: ' +
    '54 → 43 KB in session 17) and with the bytes kept per record (shorter ones). A smaller young ' +
    'generation (`--max-semi-space-size` 2 or 4) shortened scavenges (p50 0.8–1.6 ms) but ran ' +
    '3–5× as many, more GC time in all and no better p99 in interleaved runs; ' +
    '`--no-parallel-scavenge` no better either; the young generation is held small only while a ' +
    'state loads (mock/heap.ts). The full bench runs the POST load after the GET loads, bench:writes ' +
    'on a fresh server: both servers of a run get the same load either way, and a fresh mock’s ' +
    'young generation grew to ~14 MB between scavenges within seconds of POSTs (trace), so the ' +
    'two figures differ mostly by the machine’s load (which inflates the bare server’s p99 most).',
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
    'measured in session 18), and in a clone the launcher’s ~94 freshness checks of the sources ' +
    '(~3.5 ms; the installed package makes none); a startup snapshot (`--build-snapshot`) was ' +
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
    'whole (~22,000 page faults less; all three ~0.63–0.73×). What remains, profiled: a third is ' +
    'garbage collection (each kept record is copied twice by the scavenger, ~1.5 KB of it; ' +
    '~12.6 KB allocated per record, most of it zod’s and JSON.parse’s), ~11–15% JSON.parse of the ' +
    'records, ~15% the zod check, ~5% create’s own work, ~8% the identifier sets, ~5% the tables’ ' +
    'indexes. Tried and not kept (session 18): a young generation held at 4 MiB instead of 1 ' +
    '(~0.9× the CPU, +20 MiB of settled RSS); scavenging on one thread. What it would take further: ' +
    'fewer bytes kept per record (shared strings for repeated values, no per-record relation Map: ' +
    'an @msw/data change). On a busy machine this figure inflates with the others: compare with ' +
    'the floor of the cold start.',
}

/** Shown whatever the verdicts: what the targets do not cover but the figures show. */
export const BEYOND = `### Writes at scale

PATCH /forms/{id} is measured at every store size (the records table). Each resource keeps one
\`@msw/data\` collection per organization, because Collection.update and delete find their record by
scanning the collection (twice: findFirst, then #indexOf): with one collection for everybody, an update
at 100,000 records ran at about ten requests a second. Per organization, a write costs what that
organization's own records cost, whatever the size of the store.
`
