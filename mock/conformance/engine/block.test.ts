import { describe, expect, it } from 'vitest'
import { LATEST } from '../../deployment/run-release.ts'
import { spelledKeys } from '../../deployment/to-deployment.ts'
import { blockedSetup, refusalSummary } from './block.ts'
import { type Exchange, SetupBlocked } from './failure.ts'

const exchange = (status: number, requestBody?: string): Exchange => ({
  status,
  body: { error: 'no' },
  text: '{"error":"no"}',
  headers: new Headers(),
  request: {
    method: 'POST',
    url: 'http://deployment.test/api/v1/series',
    headers: { authorization: 'Bearer secret-key' },
    ...(requestBody === undefined ? {} : { body: requestBody }),
  },
})
const INITIAL = { release: 'initial', given: 'initial' } as const

describe('blockedSetup', () => {
  it('names the deployment file keys that spell the refused request, each once', () => {
    const refused = exchange(400)
    spelledKeys.set(refused, ['series.create.title', 'series.create.title', 'series.create.teams'])
    const blocked = blockedSetup('Setup refused', refused, new Map())
    expect(blocked).toBeInstanceOf(SetupBlocked)
    expect(blocked.keys).toEqual(['series.create.title', 'series.create.teams'])
    expect(blocked.summary).toBe(
      'Setup refused. If this deployment spells that request differently, say how in the deployment file (--deployment): series.create.title, series.create.teams.',
    )
  })

  it('ends the summary plainly when no key spells the request', () => {
    const blocked = blockedSetup('Setup refused', exchange(400), new Map())
    expect(blocked.summary).toBe('Setup refused.')
    expect(blocked.keys).toEqual([])
  })

  it('writes the key variable instead of the key in the reproducible request', () => {
    const blocked = blockedSetup('x', exchange(400), new Map([['secret-key', 'CONTRACT_API_KEY']]))
    expect(blocked.details).toContain('CONTRACT_API_KEY')
    expect(blocked.details).not.toContain('secret-key')
  })
})

describe('refusalSummary', () => {
  it('advises an earlier release when what was refused came in a later one than the first', () => {
    expect(refusalSummary('createSeries', exchange(404), LATEST, 'Setup refused: ')).toMatch(
      /^Setup refused: POST \/series answered 404\. POST \/series arrived in release 2026-07-13 .*--release 2026-07-12/,
    )
  })

  it('says only the status when the operation is in the first release', () => {
    expect(refusalSummary('deleteForm', exchange(404), LATEST)).toBe(
      'DELETE /forms/{id} answered 404',
    )
  })

  it('gives no release advice when the run already holds an earlier release', () => {
    expect(refusalSummary('createSeries', exchange(404), INITIAL)).toBe('POST /series answered 404')
  })
})
