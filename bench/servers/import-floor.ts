import { readFileSync } from 'node:fs'
import { Collection } from '@msw/data'
import { RECORD_SCHEMAS } from '../../mock/core/collections.ts'
import { COLLECTIONS } from '../../mock/core/store.ts'

/**
 * The floor of importing a state file for any mock built on the client's choices: the same file
 * read and parsed whole, then each record of each collection stored through @msw/data's
 * documented `Collection.create` (which checks it against the mock's own record schema, as
 * ours does) and nothing else: no streaming, no checks across records, no identifier sets, no
 * per-organization collections or indexes. What the mock's import cannot cost less than.
 * Prints one line, `READY {json}`, with the same figures as bench/servers/mock-server.ts's import.
 */
const stateFile = process.argv[2]
if (!stateFile) throw new Error('usage: import-floor.ts STATE_FILE')
const cpuBefore = process.cpuUsage()
const started = performance.now()
const state = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown[]>
const stored: Record<string, Collection<(typeof RECORD_SCHEMAS)[keyof typeof RECORD_SCHEMAS]>> = {}
for (const name of COLLECTIONS) {
  const collection = new Collection({ schema: RECORD_SCHEMAS[name] })
  for (const record of state[name] ?? []) await collection.create(record as never)
  stored[name] = collection
}
const importMs = performance.now() - started
const cpuUsed = process.cpuUsage(cpuBefore)
const importCpuMs = (cpuUsed.user + cpuUsed.system) / 1000
const records = Object.values(stored).reduce((sum, collection) => sum + collection.all().length, 0)
process.stdout.write(
  `READY ${JSON.stringify({ url: '', records, importMs, importCpuMs, peakRssMiB: process.memoryUsage.rss() / 1048576 })}\n`,
)
// Kept alive (its records in memory) until the bench stops it.
setInterval(() => stored, 60_000)
