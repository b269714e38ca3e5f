import { describe, expect, it } from 'vitest'
import { apiExchange, documentedForm } from '../../test/traffic/documented.ts'
import { parseDeployment } from '../deployment/schema.ts'
import { createTrafficChecker } from './check-exchange.ts'

const FORM = {
  ...documentedForm('frm_1'),
  fields: [{ id: 'fld_1', kind: 'text', config: {}, order: 1 }],
}

/** An exchange with a Bearer key and JSON bodies unless told otherwise. */
const exchange = apiExchange

const messages = (verdict: ReturnType<ReturnType<typeof createTrafficChecker>['check']>) => ({
  violations: verdict.violations.map((v) => `${v.operationId}: ${v.message}`),
  requestIssues: verdict.requestIssues.map((v) => `${v.operationId}: ${v.message}`),
  notes: verdict.notes,
})

describe('the traffic checker', () => {
  it('counts an unknown path, or a method no operation has there, as outside the contract', () => {
    const checker = createTrafficChecker()
    expect(checker.check(exchange('GET', '/health', 200, { ok: true }), 1).operationId).toBeNull()
    expect(checker.check(exchange('PUT', '/forms', 200, {}), 2).operationId).toBeNull()
    expect(checker.check(exchange('GET', '/forms?page=2', 200, { forms: [] }), 3).operationId).toBe(
      'listForms',
    )
  })

  it('finds the inferred operations where the deployment file puts them, and only there', () => {
    const deployment = parseDeployment(
      {
        operations: {
          removeField: { method: 'POST', path: '/forms/{id}/fields/{fieldId}/remove' },
          deleteForm: null,
        },
      },
      'test',
    )
    const checker = createTrafficChecker({ deployment })
    const removed = checker.check(exchange('POST', '/forms/frm_1/fields/fld_1/remove', 200, {}), 1)
    expect(removed.operationId).toBe('removeField')
    // Moved away from the profile's place, and deleteForm not offered at all.
    expect(
      checker.check(exchange('DELETE', '/forms/frm_1/fields/fld_1', 200, {}), 2).operationId,
    ).toBeNull()
    expect(checker.check(exchange('DELETE', '/forms/frm_1', 204, ''), 3).operationId).toBeNull()
    // Their answers are not shown by the reference: any answer goes.
    expect(messages(removed).violations).toEqual([])
  })

  it('finds an inferred operation whose body parameter the deployment file puts in its path', () => {
    const deployment = parseDeployment(
      {
        operations: {
          presentActivity: {
            method: 'POST',
            path: '/sessions/{id}/activities/{activityId}/present',
          },
        },
      },
      'test',
    )
    const checker = createTrafficChecker({ deployment })
    const present = exchange('POST', '/sessions/ses_1/activities/act_2/present', 200, {})
    expect(checker.check(present, 1).operationId).toBe('presentActivity')
    // Not at the profile's place any more, nor with a segment missing.
    const profile = exchange(
      'POST',
      '/sessions/ses_1/present',
      200,
      {},
      { body: { activityId: 'act_2' } },
    )
    expect(checker.check(profile, 2).operationId).toBeNull()
    expect(
      checker.check(exchange('POST', '/sessions/ses_1/activities/present', 200, {}), 3).operationId,
    ).toBeNull()
  })

  it('asserts the state names a deployment file declares, and nothing about names otherwise', () => {
    const live = { form: { ...FORM, status: 'live' } }
    const plain = createTrafficChecker()
    expect(
      messages(plain.check(exchange('POST', '/forms/frm_1/publish', 200, live), 1)).violations,
    ).toEqual([])
    const declared = createTrafficChecker({
      deployment: parseDeployment({ expect: { states: { formPublished: 'published' } } }, 'test'),
    })
    expect(
      messages(declared.check(exchange('POST', '/forms/frm_1/publish', 200, live), 1)).violations,
    ).toEqual([
      'publishForm: status is "live"; the deployment file declares "published" (expect.states.formPublished)',
    ])
  })

  it('reads create options where the deployment file spells them, and judges nothing it cannot read', () => {
    const published = { form: { ...FORM, status: 'live' } }
    const spelled = createTrafficChecker({
      deployment: parseDeployment({ forms: { create: { publishNow: 'goLive' } } }, 'test'),
    })
    const sent = { body: { title: 'T', goLive: true, fields: [{ kind: 'text' }] } }
    expect(
      messages(spelled.check(exchange('POST', '/forms', 200, published, sent), 1)).violations,
    ).toEqual([])
    const notSent = { body: { title: 'T', publish: true } }
    expect(
      messages(spelled.check(exchange('POST', '/forms', 200, published, notSent), 2)).violations,
    ).toEqual([
      'createForm: a created form starts as draft (§2, §3; the immediate-publish option was not sent): status is "live"',
    ])
    // A deployment module's function: only it knows where the option goes.
    const opaque = createTrafficChecker({
      deployment: parseDeployment({ forms: { create: (body: unknown) => body } }, 'test'),
    })
    expect(
      messages(opaque.check(exchange('POST', '/forms', 200, published, notSent), 1)).violations,
    ).toEqual([])
  })

  it('tells a request without credentials (the client’s) from a success answered to it (the deployment’s)', () => {
    const checker = createTrafficChecker()
    const bare = { requestHeaders: {} }
    expect(
      messages(checker.check(exchange('GET', '/forms', 401, { error: 'No key' }, bare), 1)),
    ).toEqual({
      violations: [],
      requestIssues: [
        'listForms: sent without credentials (§5: every operation carries `Authorization: Bearer <API_KEY>`)',
      ],
      notes: [],
    })
    expect(
      messages(checker.check(exchange('GET', '/forms', 200, { forms: [] }, bare), 2)).violations,
    ).toEqual([
      'listForms: answered 200 (a success) to a request it must refuse: sent without credentials (§5: every operation carries `Authorization: Bearer <API_KEY>`)',
    ])
    // A cookie may be this deployment's credential (§5: other authentication "not shown").
    const cookie = { requestHeaders: { cookie: '$COOKIE' } }
    const withCookie = messages(
      checker.check(exchange('GET', '/forms', 200, { forms: [] }, cookie), 3),
    )
    expect(withCookie.violations).toEqual([])
    expect(withCookie.requestIssues).toHaveLength(1)
    const basic = { requestHeaders: { authorization: 'Basic $API_KEY' } }
    expect(
      messages(checker.check(exchange('GET', '/forms', 200, { forms: [] }, basic), 4))
        .requestIssues,
    ).toEqual([
      'listForms: the Authorization header is not a Bearer key ("Basic …"; §5: `Authorization: Bearer <API_KEY>`)',
    ])
  })

  it('holds request bodies to §4: none where it shows none, JSON, and the documented body', () => {
    const checker = createTrafficChecker()
    const publish = checker.check(
      exchange('POST', '/forms/frm_1/publish', 409, { error: 'No field' }, { body: { now: true } }),
      1,
    )
    expect(messages(publish).requestIssues).toEqual([
      'publishForm: sent a body; §4 gives POST /forms/{id}/publish none',
    ])
    const bodyless = checker.check(exchange('POST', '/forms', 201, { form: FORM }), 2)
    expect(messages(bodyless)).toMatchObject({
      violations: [],
      requestIssues: ['createForm: sent no body; §4 gives POST /forms a JSON body'],
    })
    const field = { field: { id: 'fld_2', kind: 'text', config: {}, order: 2 } }
    expect(
      messages(checker.check(exchange('POST', '/forms/frm_1/fields', 201, field), 3)).violations,
    ).toEqual([
      'addField: answered 201 (a success) to a request it must refuse: sent no body; §4 gives POST /forms/{id}/fields a JSON body with required properties',
    ])
    const text = {
      requestBody: 'kind=text',
      requestHeaders: { authorization: 'Bearer $API_KEY', 'content-type': 'text/plain' },
    }
    expect(
      messages(
        checker.check(exchange('POST', '/forms/frm_1/fields', 400, { error: 'Bad' }, text), 4),
      ).requestIssues,
    ).toEqual([
      'addField: the body is sent as "text/plain" (§4: Content-Type: application/json)',
      expect.stringMatching(/^addField: the body is not JSON \(§4\): /),
    ])
  })

  it('requires the validation shape only where §7 gives it and the request’s body was refused', () => {
    const checker = createTrafficChecker()
    const notFound = { error: 'No such form.' }
    // A 404 on a validation-shape operation may be plain: it is not about the body.
    expect(
      messages(
        checker.check(
          exchange('PATCH', '/forms/frm_x', 404, notFound, { body: { title: 'T' } }),
          1,
        ),
      ).violations,
    ).toEqual([])
    const refused = checker.check(
      exchange('POST', '/forms/frm_1/fields/reorder', 422, notFound, {
        body: { orderedIds: 'a,b' },
      }),
      2,
    )
    expect(messages(refused).violations).toEqual([
      'reorderFields: not the §7 validation error shape { error, issues: [{ path: array, message: string }] } of POST /forms/{id}/fields/reorder: issues: Invalid input: expected array, received undefined',
    ])
    // Issues on a plain-shape operation, and an error body that is not JSON.
    const plainWithIssues = { error: 'Bad', issues: [{ path: ['kind'], message: 'Unknown' }] }
    expect(
      messages(
        checker.check(
          exchange('POST', '/forms/frm_1/fields', 400, plainWithIssues, {
            body: { kind: 'x', config: {} },
          }),
          3,
        ),
      ).violations,
    ).toEqual([
      'addField: answers with the validation shape (issues), which §7 gives to five other operations; POST /forms/{id}/fields uses the plain shape { error: string }',
    ])
    expect(
      messages(checker.check(exchange('GET', '/forms', 503, '<html>busy</html>'), 4)).violations,
    ).toEqual([
      'listForms: answered 503 with a body that is not JSON (§7: errors answer { error } or { error, issues })',
    ])
  })

  it('checks the whole items of a list cut at the limit, and leaves any other cut answer unchecked', () => {
    const checker = createTrafficChecker()
    const text = JSON.stringify({
      forms: [FORM, { ...FORM, id: 'frm_2', createdAt: 'soon' }, FORM],
    })
    const cut = text.slice(0, text.lastIndexOf('{"id":"frm_1"') + 20)
    const list = checker.check(
      exchange('GET', '/forms', 200, cut, { responseBodyTruncated: true }),
      1,
    )
    expect(messages(list)).toEqual({
      violations: [
        'listForms: not the documented answer of GET /forms (§2, §4): forms[1].createdAt: Invalid ISO datetime',
      ],
      requestIssues: [],
      notes: ['answer body over the size limit: checked the 2 list items that arrived whole'],
    })
    const one = checker.check(
      exchange('GET', '/forms/frm_1', 200, '{"form":{"id":"frm_1","ti', {
        responseBodyTruncated: true,
      }),
      2,
    )
    expect(messages(one)).toEqual({
      violations: [],
      requestIssues: [],
      notes: ['answer body over the size limit: not checked'],
    })
  })

  it('holds publish and close to the title, description and settings the last answer showed', () => {
    const checker = createTrafficChecker()
    const draft = { ...FORM, status: 'draft' }
    checker.check(exchange('GET', '/forms/frm_1', 200, { form: draft }), 1)
    const changed = { ...draft.settings, thankYouMessage: 'Thanks!' }
    // A settings replace shows the new settings: a publish showing them is no change.
    checker.check(
      exchange(
        'PATCH',
        '/forms/frm_1/settings',
        200,
        { form: { id: 'frm_1', settings: changed } },
        {
          body: { thankYouMessage: 'Thanks!' },
        },
      ),
      2,
    )
    const published = { ...draft, status: 'published', settings: changed }
    const publish = checker.check(
      exchange('POST', '/forms/frm_1/publish', 200, { form: published }),
      3,
    )
    expect(messages(publish).violations).toEqual([])
    // A close that also renames the form and resets a setting.
    const closed = { ...published, status: 'closed', title: 'Other', settings: draft.settings }
    const close = checker.check(exchange('POST', '/forms/frm_1/close', 200, { form: closed }), 4)
    expect(messages(close).violations).toEqual([
      expect.stringMatching(/^closeForm: title is "Other", not "Retro" as exchange #3 showed it/),
      expect.stringMatching(
        /^closeForm: settings is .*"thankYouMessage":"Thanks".*only PATCH \/forms\/\{id\}\/settings does/,
      ),
    ])
  })

  it('forgets a part an accepted edit changed without showing it', () => {
    const checker = createTrafficChecker()
    checker.check(exchange('GET', '/forms/frm_1', 200, { form: FORM }), 1)
    checker.check(exchange('PATCH', '/forms/frm_1', 204, '', { body: { title: 'Renamed' } }), 2)
    const published = { ...FORM, status: 'published', title: 'Renamed' }
    const publish = checker.check(
      exchange('POST', '/forms/frm_1/publish', 200, { form: published }),
      3,
    )
    expect(messages(publish).violations).toEqual([])
  })

  it('forgets what it knew of a record a change outside the contract touched', () => {
    const checker = createTrafficChecker()
    const withTwo = {
      form: {
        ...FORM,
        fields: [...FORM.fields, { id: 'fld_2', kind: 'text', config: {}, order: 2 }],
      },
    }
    checker.check(exchange('GET', '/forms/frm_1', 200, withTwo), 1)
    const incomplete = { body: { orderedIds: ['fld_2'] } }
    expect(
      messages(
        checker.check(
          exchange(
            'POST',
            '/forms/frm_1/fields/reorder',
            400,
            { error: 'x', issues: [] },
            incomplete,
          ),
          2,
        ),
      ).requestIssues,
    ).toEqual([
      "reorderFields: orderedIds is not the complete list of the form's field ids (§3, §7.3): missing fld_1 (its fields as exchange #1 showed them)",
    ])
    // A deployment's own "archive field" operation: the form's fields may have changed.
    checker.check(exchange('POST', '/forms/frm_1/fields/fld_1/archive', 200, {}), 3)
    expect(
      messages(
        checker.check(
          exchange('POST', '/forms/frm_1/fields/reorder', 200, { ok: true }, incomplete),
          4,
        ),
      ),
    ).toEqual({
      violations: [],
      requestIssues: [],
      notes: [],
    })
  })

  it('names in `head` what the request and status decide, and remembers nothing from it', () => {
    const checker = createTrafficChecker()
    const { responseBody: _, ...head } = exchange(
      'GET',
      '/sessions',
      200,
      { sessions: [] },
      { requestHeaders: {} },
    )
    expect(messages(checker.head(head, 1)).violations).toEqual([
      'listSessions: answered 200 (a success) to a request it must refuse: sent without credentials (§5: every operation carries `Authorization: Bearer <API_KEY>`)',
    ])
    const session = { session: { id: 'ses_1', status: 'running' } }
    const { responseBody: __, ...opened } = exchange('POST', '/sessions/ses_1/open', 200, session)
    checker.head(opened, 2)
    const team = { body: { name: 'Owls', color: '#000000' } }
    const added = { team: { id: 'tm_1', name: 'Owls', color: '#000000', order: 1 } }
    expect(
      messages(checker.check(exchange('POST', '/sessions/ses_1/teams', 201, added, team), 3))
        .requestIssues,
    ).toEqual([])
  })
})
