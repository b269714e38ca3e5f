import { describe, expect, it } from 'vitest'
import { readEnv } from '../engine/env.ts'
import { Run } from '../engine/run-state.ts'
import { Abandoned, type RunTally, runView } from './run-view.ts'

const exchange = {
  request: { method: 'GET', url: 'http://deployment.test/api/v1/forms', headers: {} },
  status: 200,
  headers: {},
  text: '{"forms":[]}',
  body: { forms: [] },
}

describe("an exploration run's view of the run", () => {
  it('counts its requests on the run and on its tally, a request given back on both', () => {
    const run = new Run({ ...readEnv({}, { baseUrl: 'http://deployment.test/api/v1' }) })
    const tally: RunTally = { requests: 0, coverage: [], abandoned: false }
    const view = runView(run, tally)
    view.spend()
    view.spend()
    view.requests -= 1
    expect(run.requests).toBe(1)
    expect(tally.requests).toBe(1)
    expect(view.marker).toBe(run.marker)
  })

  it('holds its coverage back until it is recorded on the run, and sends nothing once abandoned', () => {
    const run = new Run({ ...readEnv({}, { baseUrl: 'http://deployment.test/api/v1' }) })
    const tally: RunTally = { requests: 0, coverage: [], abandoned: false }
    const view = runView(run, tally)
    const before = JSON.stringify(run.coverage.summary())
    view.cover('listForms', 'success', exchange as never, { step: 'exploration run 1, step 1' })
    expect(JSON.stringify(run.coverage.summary())).toBe(before)
    expect(tally.coverage).toMatchObject([{ op: 'listForms', outcome: 'success' }])
    for (const entry of tally.coverage) run.coverage.record(entry)
    expect(JSON.stringify(run.coverage.summary())).not.toBe(before)
    tally.abandoned = true
    expect(() => view.spend()).toThrow(Abandoned)
    expect(run.requests).toBe(0)
  })
})
