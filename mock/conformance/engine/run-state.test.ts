import { describe, expect, it } from 'vitest'
import type { OperationId } from '../../../contract/table.ts'
import { outcomeLabel } from '../../traffic/coverage.ts'
import { defineCheck } from './check.ts'
import { readEnv } from './env.ts'
import { SetupBlocked } from './failure.ts'
import { runCheck } from './run-check.ts'
import { Run } from './run-state.ts'

const BASE = 'http://127.0.0.1:9/api/v1'
/** A run of the main key alone: nothing is sent by these tests. */
const runWith = (keys: Record<string, string> = {}) =>
  new Run(readEnv({ CONTRACT_BASE_URL: BASE, CONTRACT_API_KEY: 'main-key', ...keys }), async () => {
    throw new Error('no request is sent')
  })

/** The operations were answered once: only then are their unseen outcomes listed one by one. */
const answered = (run: Run, ...ops: OperationId[]) => {
  for (const op of ops) run.coverage.record({ op, outcome: 'success', where: { check: 'test' } })
  return run
}

const neverSeen = (run: Run, prefix: string) =>
  run.coverage.summary().neverSeen.filter((entry) => entry.startsWith(prefix))

describe('a run says what it lacked to provoke what it never saw', () => {
  it('names the option and variable of the other organization’s key beside each record of theirs', () => {
    const [getForm] = neverSeen(
      answered(runWith(), 'getForm'),
      "getForm: another organization's record",
    )
    expect(getForm).toBe(
      "getForm: another organization's record (§5) (needs --other-org-key (CONTRACT_API_KEY_OTHER_ORG))",
    )
  })

  it('says each reason once in its line, with how many outcomes it explains', () => {
    const run = answered(runWith(), 'getForm', 'updateForm')
    const { line } = run.coverage.summary()
    // The items bare (the lists of the reports carry each one's reason), then the reason once.
    expect(line).not.toContain('(needs')
    expect(line).toMatch(/; 2 of them: needs --other-org-key \(CONTRACT_API_KEY_OTHER_ORG\)$/)
  })

  it('names the key without entitlements beside each missing entitlement', () => {
    expect(neverSeen(answered(runWith(), 'createSeries'), 'createSeries: ')).toContain(
      `createSeries: ${outcomeLabel('missing_entitlement')} (needs --no-entitlements-key (CONTRACT_API_KEY_NO_ENTITLEMENTS))`,
    )
  })

  it('names no key the run was given', () => {
    const run = answered(
      runWith({
        CONTRACT_API_KEY_OTHER_ORG: 'other-key',
        CONTRACT_API_KEY_NO_ENTITLEMENTS: 'bare-key',
      }),
      'getForm',
      'createSeries',
    )
    const all = run.coverage.summary().neverSeen
    expect(all.filter((entry) => entry.includes('needs'))).toEqual([])
    expect(all).toContain("getForm: another organization's record (§5)")
  })

  it('names the deployment file key of a blocked check beside the outcomes of its operations', async () => {
    const run = answered(
      runWith({ CONTRACT_API_KEY_OTHER_ORG: 'other-key' }),
      'createForm',
      'updateForm',
    )
    const blocked = defineCheck({
      name: '§7 blocked at its setup',
      operations: ['createForm'],
      run: async () => {
        throw new SetupBlocked('Setup refused', undefined, ['forms.create.title'])
      },
    })
    expect((await runCheck(blocked, run)).state).toBe('blocked')
    expect(neverSeen(run, 'createForm: body failing validation')).toEqual([
      'createForm: body failing validation (§7) (a check of it was blocked: see the deployment file (--deployment) key forms.create.title)',
    ])
    // Another operation's outcomes owe nothing to that check.
    expect(neverSeen(run, 'updateForm: body failing validation')).toEqual([
      'updateForm: body failing validation (§7)',
    ])
  })
})
