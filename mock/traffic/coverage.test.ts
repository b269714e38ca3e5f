import { describe, expect, it } from 'vitest'
import { BODY_CONDITIONS, ERROR_CONDITIONS } from '../../contract/errors.ts'
import type { RouteDef } from '../../contract/route.ts'
import { contract, operationIds } from '../../contract/table.ts'
import { transitionIds } from '../../contract/transitions.ts'
import { apiExchange, documentedForm } from '../../test/traffic/documented.ts'
import { parseDeployment } from '../deployment/schema.ts'
import { coverageMarkdown } from '../report-format/coverage-report.ts'
import { createTrafficChecker } from './check-exchange.ts'
import { Coverage, outcomesOf } from './coverage.ts'
import type { TrafficExchange } from './exchange.ts'
import { TrafficLog } from './log.ts'

const FIELD = { id: 'fld_1', kind: 'text', config: {}, order: 1 }
const session = (id: string, status: string, teamMode?: boolean) => ({
  session: { id, status, ...(teamMode === undefined ? {} : { teamMode }) },
})

/** The traffic's coverage after these exchanges, numbered from 1. */
const coverageOf = (exchanges: TrafficExchange[], deployment = parseDeployment({}, 'test')) => {
  const checker = createTrafficChecker({ deployment })
  const log = new TrafficLog()
  exchanges.forEach((exchange, i) => {
    log.record(exchange, i + 1, checker.check(exchange, i + 1))
  })
  return log.summary().coverage
}
const cellOf = (summary: ReturnType<Coverage['summary']>, op: string, outcome: string) =>
  summary.matrix.find((row) => row.operation === op)?.cells.find((c) => c.outcome === outcome)

describe('contract coverage', () => {
  it('lists each outcome the reference documents for an operation, from the endpoint table', () => {
    for (const op of operationIds) {
      const route: RouteDef = contract[op]
      const outcomes = outcomesOf(op)
      const documented = outcomes.filter((o) => o.layer === 'documented').map((o) => o.outcome)
      expect(outcomes[0]?.outcome).toBe('success')
      if (route.inferred) {
        // §4 shows nothing of these but that they exist: only their success is documented.
        expect(documented).toEqual(['success'])
        continue
      }
      expect(documented).toContain('credential')
      expect(documented.includes('not_found')).toBe(route.errors.includes('not_found'))
      expect(documented.includes('foreign')).toBe(route.errors.includes('not_found'))
      expect(documented.includes('invalid_body')).toBe(route.body !== undefined)
      for (const condition of route.errors) {
        if (ERROR_CONDITIONS[condition].known) expect(documented).toContain(condition)
        else if (condition !== 'not_found') expect(documented).not.toContain(condition)
      }
    }
    const profile = outcomesOf('addField').filter((o) => o.layer === 'profile')
    expect(profile.map((o) => o.outcome).sort()).toEqual(
      ['limit_exceeded', ...BODY_CONDITIONS.filter((c) => c !== 'invalid_body')].sort(),
    )
  })

  it('counts the §3 transitions from the phase each record was last seen in, not by state names', () => {
    const coverage = new Coverage()
    const where = (exchange: number) => ({ exchange })
    coverage.record({
      op: 'createForm',
      outcome: 'success',
      answer: { form: { id: 'f1', status: 'draft' } },
      where: where(1),
    })
    // A form first seen published: its later close is not "from accepting" (it may be closed).
    coverage.record({
      op: 'getForm',
      params: { id: 'f2' },
      outcome: 'success',
      answer: { form: { id: 'f2', status: 'live' } },
      where: where(2),
    })
    coverage.record({ op: 'closeForm', params: { id: 'f2' }, outcome: 'success', where: where(3) })
    coverage.record({
      op: 'publishForm',
      params: { id: 'f1' },
      outcome: 'success',
      where: where(4),
    })
    coverage.record({ op: 'closeForm', params: { id: 'f1' }, outcome: 'success', where: where(5) })
    coverage.record({
      op: 'createSession',
      outcome: 'success',
      answer: session('s1', 'draft', false),
      where: where(6),
    })
    coverage.record({
      op: 'addTeam',
      params: { id: 's1' },
      outcome: 'team_not_allowed',
      where: where(7),
    })
    coverage.record({
      op: 'openSession',
      params: { id: 's1' },
      outcome: 'success',
      where: where(8),
    })
    coverage.record({
      op: 'addTeam',
      params: { id: 's1' },
      outcome: 'team_not_allowed',
      where: where(9),
      failed: true,
    })
    const summary = coverage.summary()
    const state = Object.fromEntries(
      summary.transitionList.map((t) => [t.transition, [t.state, t.count, t.where?.exchange]]),
    )
    expect(state).toEqual({
      publishDraft: ['seen', 1, 4],
      publishOnCreate: ['not-seen', 0, undefined],
      closeAccepting: ['seen', 1, 5],
      openDraft: ['seen', 1, 8],
      openOnCreate: ['not-seen', 0, undefined],
      endOpen: ['not-seen', 0, undefined],
      teamOnDraft: ['not-seen', 0, undefined],
      teamNotDraft: ['failed', 1, 9],
      teamNoTeamMode: ['seen', 1, 7],
    })
    expect(summary.transitions).toMatchObject({ seen: 5, total: transitionIds.length })
    expect(summary.transitions.notSeen).toEqual([
      'publishOnCreate',
      'openOnCreate',
      'endOpen',
      'teamOnDraft',
    ])
    expect(cellOf(summary, 'addTeam', 'team_not_allowed')).toMatchObject({
      state: 'failed',
      count: 2,
      where: { exchange: 7 },
      failedWhere: { exchange: 9 },
    })
  })

  it('names everything never seen in one style: the operation (or transition), then a lower-case phrase', () => {
    const coverage = new Coverage()
    // Every operation answered once, so each of its documented conditions is listed.
    for (const op of operationIds) coverage.record({ op, outcome: 'success', where: {} })
    const { neverSeen } = new Coverage().summary()
    const listed = [...neverSeen, ...coverage.summary().neverSeen]
    expect(listed).toContain('createSeries: not called')
    expect(listed).toContain('createForm: publishing a form that has no field (§7.1)')
    expect(listed).toContain('createSeries: the organization lacks the needed entitlement (§7.5)')
    for (const item of listed) {
      expect(item).toMatch(/^(\w+|transition): [a-z].*[^.\s]$/)
    }
  })

  it("explains every mark of conformance.md's matrix, the blank cell included", () => {
    const coverage = new Coverage('run', '2026-07-11')
    coverage.record({ op: 'listForms', outcome: 'success', where: { check: 'lists' } })
    coverage.record({
      op: 'getForm',
      params: { id: 'x' },
      outcome: 'success',
      where: {},
      failed: true,
    })
    const markdown = coverageMarkdown(coverage.summary())
    const legend = markdown.find((line) => line.startsWith('Cells: '))
    const cells = markdown
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) =>
        line
          .split('|')
          .slice(2, -2)
          .map((cell) => cell.trim()),
      )
    expect(new Set(cells)).toEqual(new Set(['seen', '**FAILED**', '—', '', 'not in release']))
    for (const mark of new Set(cells)) {
      expect(legend).toContain(mark === '' ? '; blank: ' : `${mark} `)
    }
  })

  it('names what was never seen in its summary line, and counts the profile apart', () => {
    const coverage = new Coverage()
    coverage.record({ op: 'listForms', outcome: 'success', where: { check: 'lists' } })
    coverage.record({ op: 'getForm', params: { id: 'x' }, outcome: 'not_found', where: {} })
    coverage.record({
      op: 'addField',
      params: { id: 'x' },
      outcome: 'payload_too_large',
      where: {},
    })
    const summary = coverage.summary()
    expect(summary.operations).toMatchObject({ seen: 3, total: 25 })
    expect(summary.operations.notSeen).not.toContain('getForm')
    expect(summary.operations.notSeen).toContain('closeForm')
    expect(summary.conditions.seen).toBe(1)
    expect(summary.profileConditions.seen).toBe(1)
    expect(summary.neverSeen).toContain('getForm: success')
    expect(summary.neverSeen).toContain('listForms: missing or unknown credential (§5)')
    expect(summary.line).toMatch(
      /^operations 3\/25, error conditions 1\/\d+, transitions 0\/9 \(profile-only conditions 1\/\d+\); never seen: createSeries: not called; listSeries: not called; /,
    )
    expect(summary.line).toMatch(/; and \d+ more$/)
    const markdown = coverageMarkdown(summary).join('\n')
    expect(markdown).toContain(
      '| `GET /forms/{id}` getForm | — | — | — | seen |  |  |  |  |  |  | 0/0 |',
    )
    expect(markdown).toContain('- getForm: success')
  })

  it('counts nothing of answers that show the operation absent: a 404 or 405 with no record addressed, or one saying no operation matches', () => {
    const coverage = new Coverage()
    const absent = (method: string, path: string) => ({
      error: `No operation matches ${method} ${path}; see /openapi.json.`,
    })
    // A deployment of an earlier release (§9): no /series, no /sponsors, whatever the key.
    for (const outcome of ['success', 'credential', 'missing_entitlement'] as const) {
      coverage.record({
        op: 'createSeries',
        outcome,
        status: 404,
        answer: absent('POST', '/series'),
        where: { check: outcome },
        failed: outcome === 'success',
      })
    }
    coverage.record({
      op: 'listSponsorReports',
      outcome: 'success',
      status: 404,
      answer: { error: 'Not Found' },
      where: {},
      failed: true,
    })
    coverage.record({ op: 'createSponsorReport', outcome: 'credential', status: 405, where: {} })
    // On a path with an id, a 404 saying so shows the route absent; a plain one is an unknown id.
    coverage.record({
      op: 'closeForm',
      params: { id: 'f1' },
      outcome: 'not_found',
      status: 404,
      answer: absent('POST', '/forms/f1/close'),
      where: {},
    })
    coverage.record({
      op: 'getForm',
      params: { id: 'f1' },
      outcome: 'not_found',
      status: 404,
      answer: { error: 'No form f1' },
      where: {},
    })
    const summary = coverage.summary()
    for (const op of ['createSeries', 'listSponsorReports', 'createSponsorReport', 'closeForm']) {
      const row = summary.matrix.find((r) => r.operation === op)
      expect(row?.exchanges).toBe(0)
      expect(row?.cells.filter((c) => c.state !== 'not-seen')).toEqual([])
      expect(summary.operations.notSeen).toContain(op)
    }
    expect(summary.matrix.find((r) => r.operation === 'createSeries')?.absent).toBe(3)
    expect(cellOf(summary, 'getForm', 'not_found')?.state).toBe('seen')
    expect(summary.operations.seen).toBe(1)
    expect(coverageMarkdown(summary).join('\n')).toContain(
      'Answers that showed the operation absent (a 404 or 405 where no record is addressed, or an answer saying no such operation), counted nowhere because no other answer showed it exists: createSeries 3, closeForm 1, createSponsorReport 1, listSponsorReports 1.',
    )
  })

  it('counts a 404 or 405 as its outcome once another answer shows the operation exists (§7 leaves the status open)', () => {
    const coverage = new Coverage()
    // This deployment refuses a missing entitlement with 404: before and after its success.
    const refusal = {
      op: 'createSeries' as const,
      outcome: 'missing_entitlement' as const,
      status: 404,
      answer: { error: 'Not Found' },
    }
    coverage.record({ ...refusal, where: { exchange: 1 } })
    // A credential is refused before any route by many deployments: it shows nothing of the route.
    coverage.record({
      op: 'createSeries',
      outcome: 'credential',
      status: 401,
      where: { exchange: 2 },
    })
    expect(cellOf(coverage.summary(), 'createSeries', 'missing_entitlement')?.state).toBe(
      'not-seen',
    )
    coverage.record({ op: 'createSeries', outcome: 'success', status: 201, where: { exchange: 3 } })
    coverage.record({ ...refusal, where: { exchange: 4 } })
    const summary = coverage.summary()
    expect(cellOf(summary, 'createSeries', 'missing_entitlement')).toMatchObject({
      state: 'seen',
      count: 2,
      where: { exchange: 1 },
    })
    expect(summary.matrix.find((r) => r.operation === 'createSeries')).toMatchObject({
      exchanges: 4,
      absent: 0,
    })
  })

  it('marks an answer held back as absent failed, and keeps it failed once the operation shows', () => {
    const coverage = new Coverage()
    coverage.record({ op: 'listSeries', outcome: 'success', status: 404, where: { exchange: 1 } })
    coverage.fail('listSeries', 'success', { exchange: 1 })
    coverage.record({ op: 'listSeries', outcome: 'success', status: 200, where: { exchange: 2 } })
    expect(cellOf(coverage.summary(), 'listSeries', 'success')).toMatchObject({
      state: 'failed',
      failedWhere: { exchange: 1 },
    })
  })

  it('leaves what came after the release out of every count', () => {
    const summary = new Coverage('run', 'initial').summary()
    expect(summary.operations.total).toBe(21)
    expect(summary.operations.notSeen).not.toContain('createSeries')
    expect(cellOf(summary, 'createSeries', 'success')?.state).toBe('not-in-release')
    expect(summary.matrix.find((r) => r.operation === 'createSeries')?.inRelease).toBe(false)
  })
})

describe('coverage of observed traffic', () => {
  it('recognises refusals by their §7 shape and what the request shows, whatever the status', () => {
    const form = { ...documentedForm('frm_1'), fields: [] }
    const summary = coverageOf([
      apiExchange('POST', '/forms', 201, { form }, { body: { title: 'Retro' } }),
      // A form seen without fields: its refused publish is §7.1, with this deployment's 422.
      apiExchange('POST', '/forms/frm_1/publish', 422, { error: 'needs a field' }),
      // No credential at all: whatever the status.
      apiExchange('GET', '/forms', 400, { error: 'who are you' }, { requestHeaders: {} }),
      apiExchange('GET', '/forms/frm_2', 404, { error: 'no such form' }),
      // Not the §7 shape: not recognised as any condition.
      apiExchange('GET', '/forms/frm_3', 404, '<html>not found</html>'),
      apiExchange('GET', '/sessions', 503, { error: 'down' }),
      apiExchange('POST', '/forms/frm_1/fields', 201, { field: FIELD }, { body: FIELD }),
      apiExchange('GET', '/forms/frm_1', 200, { form: { ...form, fields: [FIELD] } }),
      apiExchange(
        'POST',
        '/forms/frm_1/fields/reorder',
        409,
        { error: 'incomplete', issues: [{ path: ['orderedIds'], message: 'missing fld_1' }] },
        { body: { orderedIds: [] } },
      ),
    ])
    expect(summary.kind).toBe('traffic')
    expect(cellOf(summary, 'publishForm', 'publish_without_field')?.state).toBe('seen')
    expect(cellOf(summary, 'publishForm', 'publish_without_field')?.where).toEqual({ exchange: 2 })
    expect(cellOf(summary, 'listForms', 'credential')?.state).toBe('seen')
    expect(cellOf(summary, 'getForm', 'not_found')?.count).toBe(1)
    expect(cellOf(summary, 'reorderFields', 'incomplete_reorder')?.state).toBe('seen')
    expect(summary.matrix.find((r) => r.operation === 'getForm')?.unclassified).toBe(1)
    expect(summary.operations.notSeen).toContain('closeForm')
    expect(summary.operations.notSeen).not.toContain('listSessions')
    expect(summary.line).toMatch(/^What your app uses: operations 7\/25, .*; never used: /)
    // Traffic cannot see whose a record is: no "another organization's record" to count.
    expect(cellOf(summary, 'getForm', 'foreign')).toBeUndefined()
    expect(summary.conditions.total).toBeLessThan(new Coverage('run').summary().conditions.total)
  })

  it('marks an outcome failed where the deployment answered it against the reference', () => {
    const summary = coverageOf([
      apiExchange(
        'POST',
        '/forms',
        201,
        { form: documentedForm('frm_1') },
        { body: { title: 'T' } },
      ),
      // Accepted without credentials: a violation on the credential outcome.
      apiExchange('GET', '/forms', 200, { forms: [] }, { requestHeaders: {} }),
    ])
    expect(cellOf(summary, 'listForms', 'success')).toMatchObject({
      state: 'failed',
      failedWhere: { exchange: 2 },
    })
  })

  it('counts nothing of an operation the deployment answered as absent', () => {
    const summary = coverageOf([
      apiExchange(
        'POST',
        '/series',
        404,
        { error: 'No operation matches POST /series; see /openapi.json.' },
        { body: { title: 'S' } },
      ),
      apiExchange('GET', '/sponsors', 404, '<html>Cannot GET /sponsors</html>'),
      apiExchange('GET', '/forms', 200, { forms: [] }),
    ])
    expect(summary.operations.notSeen).toEqual(
      expect.arrayContaining(['createSeries', 'listSponsorReports']),
    )
    expect(summary.operations.seen).toBe(1)
    expect(cellOf(summary, 'createSeries', 'success')?.state).toBe('not-seen')
  })

  it('tells an unknown id of a validation-shape operation from its body conditions when it lists no issue', () => {
    const summary = coverageOf([
      // The profile answers every error of these operations in the validation shape, issues empty.
      apiExchange(
        'POST',
        '/forms/frm_9/fields/reorder',
        404,
        { error: 'Form frm_9 was not found.', issues: [] },
        { body: { orderedIds: ['fld_1', 'fld_2'] } },
      ),
    ])
    expect(cellOf(summary, 'reorderFields', 'not_found')?.state).toBe('seen')
    expect(cellOf(summary, 'reorderFields', 'incomplete_reorder')?.state).toBe('not-seen')
  })

  it('counts a replaced config refused for what is inside it as a config failing its kind', () => {
    const refused = {
      error: 'The config does not fit a submission field.',
      issues: [{ path: ['config', 'label'], message: 'expected string' }],
    }
    const profile = coverageOf([
      apiExchange('PATCH', '/forms/frm_1/fields/fld_1', 400, refused, {
        body: { config: { label: ['not', 'a', 'label'] } },
      }),
    ])
    expect(cellOf(profile, 'replaceFieldConfig', 'invalid_field_config')?.state).toBe('seen')
    // A deployment that wraps the config in another property points its issues there.
    const wrapped = coverageOf(
      [
        apiExchange(
          'PATCH',
          '/forms/frm_1/fields/fld_1',
          422,
          { error: 'bad config', issues: [{ path: ['newConfig', 'question'], message: 'string' }] },
          { body: { newConfig: { question: 42 } } },
        ),
      ],
      parseDeployment({ forms: { replaceField: { wrapper: 'newConfig' } } }, 'test'),
    )
    expect(cellOf(wrapped, 'replaceFieldConfig', 'invalid_field_config')?.state).toBe('seen')
    // A body that is not an object at all is a body failing validation.
    const notAnObject = coverageOf([
      apiExchange(
        'PATCH',
        '/forms/frm_1/fields/fld_1',
        400,
        { error: 'invalid', issues: [{ path: [], message: 'expected object' }] },
        { body: ['not', 'an', 'object'] },
      ),
    ])
    expect(cellOf(notAnObject, 'replaceFieldConfig', 'invalid_body')?.state).toBe('seen')
  })

  it('uses the statuses a deployment file declares to tell conditions apart', () => {
    const deployment = parseDeployment({ expect: { errors: { missing_entitlement: 402 } } }, 'test')
    const summary = coverageOf(
      [apiExchange('POST', '/series', 402, { error: 'upgrade' }, { body: { title: 'S' } })],
      deployment,
    )
    expect(cellOf(summary, 'createSeries', 'missing_entitlement')?.state).toBe('seen')
  })
})
