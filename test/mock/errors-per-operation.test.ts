import { describe, expect, it } from 'vitest'
import { contract, type OperationId, operationIds, type RouteDef } from '../../contract/index.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { expectError, type Harness, TRANSPORTS, useHarness } from './harness.ts'
import { makeForm, makeSession } from './scenarios.ts'

/** A body each operation accepts, so that only the condition under test can fail. */
const VALID_BODY: Partial<Record<OperationId, unknown>> = {
  createForm: { title: 'A form' },
  updateForm: { title: 'Renamed' },
  replaceFormSettings: {},
  addField: { kind: 'yes_no', config: { label: 'Ok?' } },
  replaceFieldConfig: { config: { label: 'Changed' } },
  reorderFields: { orderedIds: [] },
  createSession: { title: 'A session' },
  addActivity: { kind: 'cue', note: 'Hello' },
  addTeam: { name: 'Owls', color: '#6D4C41' },
  setTeamMode: { teamMode: true },
  presentActivity: { activityId: 'act_zzzzzzzzzzzz' },
  createSeries: { title: 'A series' },
  createSponsorReport: { title: 'A report', brandLabel: 'Initech' },
}
const NEVER = { id: 'zzzzzzzzzzzz', fieldId: 'fld_zzzzzzzzzzzz' }
const withIdParam = operationIds.filter((op) => contract[op].path.includes('{id}'))

/** Sends `op` with its valid body, as the typed client would, through `raw`. */
const send = (
  h: Harness,
  op: OperationId,
  params: Record<string, string>,
  apiKey?: false | string,
) => {
  const route: RouteDef = contract[op]
  const body = VALID_BODY[op]
  return h.client(ACME_KEY).raw({
    method: route.method,
    path: route.path,
    params,
    ...(body === undefined ? {} : { body }),
    ...(apiKey === undefined ? {} : { auth: apiKey }),
  })
}

describe.each(TRANSPORTS)('errors every operation can meet (%s)', (transport) => {
  const h = useHarness(transport)

  it('answers every operation with its own error shape: validation on exactly five', () => {
    const validation = operationIds.filter((op) => contract[op].errorShape === 'validation')
    expect(validation.sort()).toEqual(
      [
        'addActivity',
        'reorderFields',
        'replaceFieldConfig',
        'replaceFormSettings',
        'updateForm',
      ].sort(),
    )
  })

  it.each(operationIds)('%s: 401 for a missing, malformed or unknown key', async (op) => {
    const params = { id: 'frm_000000000000', fieldId: 'fld_000000000000' }
    expectError(op, await send(h, op, params, false), 'unauthorized')
    const malformed = await h.client().raw({
      method: contract[op].method,
      path: contract[op].path,
      params,
      headers: { authorization: 'Token x' },
    })
    expectError(op, malformed, 'unauthorized')
    expectError(op, await send(h, op, params, 'no-such-key'), 'unauthorized')
  })

  it.each(withIdParam)(
    "%s: 404 for an unknown id, and the same bytes for another organization's id",
    async (op) => {
      const form = await makeForm(h)
      const session = await makeSession(h)
      const owned: Record<string, string> = contract[op].path.startsWith('/sessions/')
        ? { id: session.id }
        : { id: form.id, fieldId: form.fields[0]?.id as string }
      const never = { id: `${owned.id?.slice(0, 4)}${NEVER.id}`, fieldId: NEVER.fieldId }
      const foreign = await send(h, op, owned, GLOBEX_KEY)
      const missing = await send(h, op, never, ACME_KEY)
      expectError(op, foreign, 'not_found')
      expectError(op, missing, 'not_found')
      const blind = (text: string, ids: Record<string, string>) =>
        Object.values(ids).reduce((t, id) => t.replaceAll(id, '<id>'), text)
      expect(blind(foreign.text, owned)).toBe(blind(missing.text, never))
      expect(foreign.headers.get('content-type')).toBe(missing.headers.get('content-type'))
    },
  )
})
