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
    'the first write needs an identifier); the command runs as one minified bundle with its ' +
    'dependencies; `serve` loads neither the conformance engine nor fast-check (each command’s ' +
    'work is imported when it runs), nor zod’s locales but English, nor any source map ' +
    '(NODE_OPTIONS=--enable-source-maps when wanted); the snapshot’s records are checked once, by ' +
    'their collections’ zod schemas, as any imported state is. What remains, by profile on a ' +
    'quiet machine: compiling the chunks `serve` needs (about a seventh of the CPU: zod and the ' +
    'contract, zod-to-openapi kept in by the contract’s index, commander, @msw/data, the ' +
    'snapshot), garbage collection (about an eighth), building the contract’s schemas at import, ' +
    'and the first checks of the snapshot’s ~260 records (zod compiles each object schema’s fast ' +
    'path on its first use; switching that off, `jitless`, measured no faster). This figure is ' +
    'absolute, so a busy machine inflates it: compare with the floor beside it (Node starting a ' +
    'bare node:http server in the same rounds). What it would take: contract schemas built on ' +
    'first use, modules importing the contract files they use instead of its index (which keeps ' +
    'zod-to-openapi in), and a compile cache (Node 22’s `module.enableCompileCache()`; on Node 20 ' +
    'only a CommonJS bundle run through `vm.Script` with cached data would give one).',
  coldBuilt:
    'The installed package runs the bundle `npm run build` writes to dist/cli, the same as a ' +
    'clone runs from its cache; see the cold start from a clone.',
  rss:
    'Measured with V8’s heap statistics at 100,000 filler forms (after the import and settling): ' +
    '~141 MiB of live old space plus ~25 MiB of large objects (the identifier sets and indexes), ' +
    'but ~45 MiB more old space that is free and not returned: its pages are ~70% used on ' +
    'average after an import that allocates the parsed file, its copies and the records side by ' +
    'side, and V8 does not compact pages that full (not even in a memory-reducing collection; ' +
    'measured); plus ~32 MiB of young generation grown during the import and ' +
    '~63 MiB outside the heap (the process itself). (Since then a state file is parsed record by ' +
    'record: for the same 161 MiB live, the heap after the import is 201 MiB instead of 254 and ' +
    'the settled RSS ~40 MiB lower, in process, interleaved.) Per record ~1.5 KB live: ~0.5 KB of strings ' +
    '(ids, title, slug, share URL, dates; repeated values such as the owner id or default ' +
    'messages are separate copies when imported from JSON), ~0.7 KB of objects (form, settings, ' +
    'fields), ~0.2 KB for the Map @msw/data gives each record for relations, ~0.2 KB in the ' +
    'identifier sets and indexes. Already cut: @msw/data’s random UUID per record (~0.5 KB each, ' +
    '48 MiB at 100,000), and the whole parsed file living beside the records during the import. ' +
    'What it would take: shared strings for repeated values, and no per-record relation Map (an ' +
    '@msw/data change).',
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
