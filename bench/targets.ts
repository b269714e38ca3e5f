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
    'Profiled in process (`--cpu-prof`, 25,000 creates after 5,000): a create is now mostly ' +
    'library work. @msw/data Collection.create copies the record key by key with a new path ' +
    'array per key (#sanitizeInitialValues, ~20% of the CPU with its garbage), zod checks the body ' +
    'and then the whole record (~18%), faker draws the identifiers (~10%), and garbage collection ' +
    'takes ~17–22%; our own code (dispatch, operation, identifier sets, views, JSON) is about a fifth. ' +
    'Over HTTP the same work runs between the socket reads and writes (no extra system calls: ' +
    'one read and one writev per request, as the bare server). Already cut: the random UUID ' +
    '@msw/data gave each record (our id is the primary key), the second hash lookup per reserved ' +
    'identifier, the zod parse of default settings per form. What it would take: a store whose ' +
    'create does not copy the record before its schema check (a change of @msw/data), identifiers ' +
    'drawn without faker’s per-character helpers, and a zod check of only what the operation ' +
    'built rather than the whole record; each is a change of a dependency or of a check.',
  postP99:
    'The tail of a write is garbage collection: each create allocates the copies described for ' +
    'POST throughput, and every record survives into the old generation, so the store grows ' +
    'under the load and major collections mark all of it. It falls with the allocation per ' +
    'create and with the heap per record (see RSS).',
  flat:
    'The list is served from a per-organization index and cache, and writes touch only their ' +
    'organization’s @msw/data collection, so neither scans the store; if this is missed, look at ' +
    'garbage collection of the larger heap (p99) first, and at how busy the machine was.',
  patchFlat:
    'A PATCH touches only its organization’s @msw/data collection and indexes, so its cost does ' +
    'not grow with the store; if this is missed, look at garbage collection of the larger heap.',
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
    'records, building the contract’s schemas at import, @msw/data’s create of each record, and ' +
    'Node’s own start (the floor beside it). zod-to-openapi (7–17 ms to load uncached) still runs ' +
    'at start because every module imports the contract’s index, which re-exports openapi.ts. ' +
    'This figure is absolute, so a busy machine inflates it: compare with the floor beside it. ' +
    'What it would take: modules importing the contract files they use instead of its index, ' +
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
    'Measured with V8’s heap statistics at 100,000 filler forms (after the import and settling): ' +
    '~141 MiB of live old space plus ~25 MiB of large objects (the identifier sets and indexes), ' +
    'but ~45 MiB more old space that is free and not returned: its pages are ~70% used on ' +
    'average after an import that allocates the parsed file, its copies and the records side by ' +
    'side, and V8 does not compact pages that full (not even in a memory-reducing collection; ' +
    'measured); plus ~32 MiB of young generation grown during the import and ' +
    '~63 MiB outside the heap (the process itself). Per record ~1.5 KB live: ~0.5 KB of strings ' +
    '(ids, title, slug, share URL, dates; repeated values such as the owner id or default ' +
    'messages are separate copies when imported from JSON), ~0.7 KB of objects (form, settings, ' +
    'fields), ~0.2 KB for the Map @msw/data gives each record for relations, ~0.2 KB in the ' +
    'identifier sets and indexes. Already cut: @msw/data’s random UUID per record (~0.5 KB each, ' +
    '48 MiB at 100,000). What it would take: an import that leaves fewer part-used pages ' +
    'behind, shared strings for repeated values, and no per-record relation Map (an @msw/data ' +
    'change).',
  import:
    'Each record is checked once, by its collection’s zod schema as @msw/data stores it: the ' +
    'state’s frame is checked first, and the checks across records (unique ids, join codes, ' +
    'slugs and API keys; owners, forms, seq) run on each record as it is stored (importStateFile, ' +
    'buildStore); there is no parse of the whole state before. Profiled in process at 100,000 ' +
    'filler forms (--cpu-prof of the import alone, busy machine): about a third is @msw/data’s ' +
    'create (#sanitizeInitialValues copies the record key by key with a path array per key, then ' +
    'the zod check and a Map per record), a quarter garbage collection (scavenges copying ' +
    'the records that survive), an eighth reading and JSON.parse of the ~90 MB file, an eighth ' +
    'our reserved sets of 600,000 ids, codes and slugs, the rest the tables’ indexes. What it ' +
    'would take: storing records without @msw/data’s per-key copy, the change of the store the ' +
    'POST target needs too; it cannot be met by checking less. On a busy machine this figure ' +
    'inflates with the others: compare with the floor of the cold start.',
}

/** Shown whatever the verdicts: what the targets do not cover but the figures show. */
export const BEYOND = `### Writes at scale

PATCH /forms/{id} is measured at every store size (the records table). Each resource keeps one
\`@msw/data\` collection per organization, because Collection.update and delete find their record by
scanning the collection (twice: findFirst, then #indexOf): with one collection for everybody, an update
at 100,000 records ran at about ten requests a second. Per organization, a write costs what that
organization's own records cost, whatever the size of the store.
`
