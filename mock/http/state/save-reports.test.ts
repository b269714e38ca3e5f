import { describe, expect, it } from 'vitest'
import { describeError, SaveReports } from './save-reports.ts'

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })

describe('save reports', () => {
  it('say each kind of failure of an operation once, until it works again', () => {
    const said: string[] = []
    const reports = new SaveReports<'append' | 'compact'>((message) => said.push(message))
    const message = (error: unknown) => `append failed (${describeError(error)})`
    reports.failed('append', enospc(), message)
    reports.failed('append', enospc(), message)
    reports.failed('append', new Error('disk gone'), message)
    reports.failed('compact', enospc(), () => 'compact failed')
    expect(said).toEqual([
      'append failed (ENOSPC, no space left on device)',
      'append failed (disk gone)',
      'compact failed',
    ])
    reports.recovered('append', 'every change is saved')
    reports.recovered('append', 'every change is saved')
    reports.failed('append', enospc(), message)
    expect(said.slice(3)).toEqual([
      'Saving works again: every change is saved.',
      'append failed (ENOSPC, no space left on device)',
    ])
  })

  it('say nothing of an operation that works and never failed', () => {
    const said: string[] = []
    new SaveReports<'append'>((message) => said.push(message)).recovered('append', 'fine')
    expect(said).toEqual([])
  })
})
