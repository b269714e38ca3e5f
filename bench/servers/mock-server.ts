import { createMock } from '../../mock/create.ts'
import { startServer } from '../../mock/http/index.ts'
import { keepState } from '../../mock/http/state/keeper.ts'
import { importStateFile } from '../../mock/state-file/file.ts'
import { BENCH_KEY } from '../lib/filler.ts'

/**
 * The mock as the benchmark serves it, in its own process (so its RSS is its own): the state file
 * given as the argument (a filler, bench/lib/stores.ts) loaded as `serve --state` loads one, then
 * 20 forms (3 fields each, about 14 KB as a list) and 10 sessions of the target organization.
 * Prints one line, `READY {json}`, once it answers.
 */
const stateFile = process.argv[2]
if (!stateFile) throw new Error('usage: mock-server.ts STATE_FILE [--keep]')
/** `--keep`: the file is kept as `serve --state` keeps it (journal, compaction), not only read. */
const keep = process.argv[3] === '--keep'
// Loaded as `serve --state` loads a file (importStateFile): read, each record parsed and validated
// once as it is stored; the import time covers all of it. The file is written by the bench's own
// process: built here, the filler and its JSON text were garbage still in this heap when the
// import ran, and the RSS right after the import counted them (700 MiB instead of ~330 at 100,000).
const mock = createMock({ plan: false, seed: 1 })
await mock.ready
const cpuBefore = process.cpuUsage()
const started = performance.now()
const loaded = keep
  ? (await keepState(stateFile, mock)).loaded
  : await importStateFile(stateFile, mock)
if (!loaded) throw new Error(`${stateFile} vanished`)
const importMs = performance.now() - started
// CPU time of this process during the import (user + system): steadier than its wall time when
// the machine is shared.
const cpuUsed = process.cpuUsage(cpuBefore)
const importCpuMs = (cpuUsed.user + cpuUsed.system) / 1000

const post = async (path: string, body: unknown) => {
  const answer = await mock.handle({
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (answer.status !== 201) throw new Error(`${path}: ${answer.text}`)
  return JSON.parse(answer.text)
}
const fields = [
  { kind: 'single_choice', config: { label: 'Track', options: ['AI', 'Web'], required: true } },
  { kind: 'short_text', config: { label: 'Team name', required: true } },
  { kind: 'rating', config: { label: 'Venue', max: 5 } },
]
let formId = ''
for (let i = 0; i < 20; i++) {
  formId = (
    await post('/forms', { title: `Hackathon feedback ${i + 1}`, fields, publish: i % 2 === 0 })
  ).form.id
}
for (let i = 0; i < 10; i++) {
  await post('/sessions', {
    title: `All-hands Q&A ${i + 1}`,
    activities: [
      { kind: 'poll', question: 'Which talk did you like best?', options: ['Keynote', 'Panel'] },
      { kind: 'qa', prompt: 'Ask the leadership team anything' },
    ],
  })
}
// The store is built; what remains of building it is garbage a long-running mock collects anyway.
// V8 hands freed pages back to the system over seconds, not at once: RSS right after an import
// still holds the import's garbage. Wait until it settles (or 15 s) to report what the running
// mock keeps; the peak is reported beside it.
const rssMiB = () => process.memoryUsage.rss() / 1048576
const peakRssMiB = rssMiB()
let settledRssMiB = peakRssMiB
for (let waited = 0; waited < 15_000; waited += 1_000) {
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const now = rssMiB()
  const settled = now > settledRssMiB * 0.98
  settledRssMiB = Math.min(settledRssMiB, now)
  if (settled) break
}

const server = await startServer({ port: 0, mock })
process.stdout.write(
  `READY ${JSON.stringify({ url: server.url, formId, importMs, importCpuMs, peakRssMiB, settledRssMiB })}\n`,
)
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0))
})
