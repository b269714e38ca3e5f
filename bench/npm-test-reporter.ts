import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/** One test file as `npm run bench:test` reports it. */
export interface FileTiming {
  project: string
  file: string
  /** Milliseconds from the run's start to the file's start and end in its worker. */
  startMs: number
  endMs: number
  passed: number
  failed: number
  skipped: number
}

/**
 * A vitest reporter for bench/npm-test.ts: each file's project, start, end and test states, written
 * as JSON to the path in NPM_TEST_TIMINGS when the run ends.
 */
export default class NpmTestTimings implements Reporter {
  readonly #t0 = performance.now()
  readonly #starts = new Map<string, number>()
  readonly #files: FileTiming[] = []

  // Queued: right before the worker imports the file, so its imports count as its time.
  onTestModuleQueued(module: TestModule) {
    this.#starts.set(module.moduleId, performance.now() - this.#t0)
  }

  onTestModuleEnd(module: TestModule) {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const test of module.children.allTests()) {
      const state = test.result().state
      if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state] += 1
    }
    this.#files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      startMs: this.#starts.get(module.moduleId) ?? 0,
      endMs: performance.now() - this.#t0,
      ...counts,
    })
  }

  onTestRunEnd() {
    const out = process.env.NPM_TEST_TIMINGS
    if (out) writeFileSync(out, JSON.stringify(this.#files))
  }
}
