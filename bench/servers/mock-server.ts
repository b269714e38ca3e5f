import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMock } from '../../mock/create.ts'
import { collectGarbage, withoutYoungGenerationGrowth } from '../../mock/heap.ts'
import { startServer } from '../../mock/server.ts'
import { importStateFile } from '../../mock/state-file.ts'
import { BENCH_KEY, fillerState } from '../lib/filler.ts'

/**
 * The mock as the benchmark serves it, in its own process (so its RSS is its own): `records`
 * forms in the store, of which the target organization holds 20 (3 fields each, about 14 KB as
 * a list) plus 10 sessions; the rest are spread over 999 other organizations.
 * Prints one line, `READY {json}`, once it answers.
 */
const records = Number(process.argv[2] ?? 20)
// The filler is written to a state file and loaded as `serve --state` loads one (importStateFile):
// read, parsed, each record validated once as it is stored; the import time covers all of it.
// Like `serve`, the import runs with the young generation's growth held (mock/heap.ts); so does
// making the filler, which `serve` never does and which would otherwise grow it first.
const stateFile = join(tmpdir(), `engagement-bench-state-${process.pid}.json`)
const mock = createMock({ plan: false, seed: 1 })
const importMs = await withoutYoungGenerationGrowth(async () => {
  writeFileSync(stateFile, JSON.stringify(fillerState(Math.max(0, records - 20), 1000)))
  await mock.ready
  const started = performance.now()
  const loaded = await importStateFile(stateFile, mock)
  rmSync(stateFile)
  if (!loaded) throw new Error(`${stateFile} vanished`)
  return performance.now() - started
})
// As `serve` does after loading a state.
collectGarbage()

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
globalThis.gc?.()
const peakRssMiB = rssMiB()
let settledRssMiB = peakRssMiB
for (let waited = 0; waited < 15_000; waited += 1_000) {
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  globalThis.gc?.()
  const now = rssMiB()
  const settled = now > settledRssMiB * 0.98
  settledRssMiB = Math.min(settledRssMiB, now)
  if (settled) break
}

const server = await startServer({ port: 0, mock })
process.stdout.write(
  `READY ${JSON.stringify({ url: server.url, formId, importMs, peakRssMiB, settledRssMiB })}\n`,
)
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0))
})
