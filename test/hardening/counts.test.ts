import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS, PlainError, ValidationError } from '../../contract/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { createMock } from '../../mock/create.ts'
import { asAcme, poll, yesNo } from './acme.ts'
import { snapshot } from './world.ts'
import { worstBodies } from './worst-bodies.ts'

let mock: MockCore
let call: ReturnType<typeof asAcme>['call']
let created: ReturnType<typeof asAcme>['created']

beforeAll(async () => {
  mock = createMock({ plan: false })
  await mock.ready
  ;({ call, created } = asAcme(mock))
})

describe('counts beyond the profile maxima', () => {
  it('refuse the field after the hundredth with 409, and change nothing', async () => {
    const form = (
      await created('/forms', {
        title: 'Full form',
        fields: Array.from({ length: LIMITS.fieldsPerForm }, (_, i) => yesNo(i)),
      })
    ).form
    expect(form.fields).toHaveLength(LIMITS.fieldsPerForm)
    const before = snapshot(mock)
    const answer = await call('POST', `/forms/${form.id}/fields`, yesNo(101))
    expect(answer.status).toBe(409)
    expect(PlainError.parse(JSON.parse(answer.text)).error).toMatch(/maximum of 100 fields/)
    expect(snapshot(mock)).toBe(before)
  })

  it('refuse inline lists over their maximum with 400, and template plus inline fields over it with 409', async () => {
    const fields = Array.from({ length: LIMITS.fieldsPerForm + 1 }, (_, i) => yesNo(i))
    expect((await call('POST', '/forms', { title: 'Too many', fields })).status).toBe(400)
    const templated = await call('POST', '/forms', {
      title: 'Templated',
      template: 'hackathon',
      fields: fields.slice(0, 99),
    })
    expect(templated.status).toBe(409)
    expect(templated.text).toMatch(/at most 100 fields/)
    const activities = Array.from({ length: LIMITS.activitiesPerSession + 1 }, () => poll)
    expect((await call('POST', '/sessions', { title: 'Too many', activities })).status).toBe(400)
    const rounds = Array.from({ length: LIMITS.roundsPerSeries + 1 }, (_, i) => ({
      title: `Round ${i}`,
    }))
    expect((await call('POST', '/series', { title: 'Too many', rounds })).status).toBe(400)
    const teams = Array.from({ length: LIMITS.teamsPerSessionOrSeries + 1 }, (_, i) => ({
      name: `Team ${i}`,
      color: '#000000',
    }))
    expect((await call('POST', '/series', { title: 'Too many', teams })).status).toBe(400)
    const orderedIds = Array.from(
      { length: LIMITS.fieldsPerForm + 1 },
      (_, i) => `fld_${String(i).padStart(12, '0')}`,
    )
    const form = (await created('/forms', { title: 'Reorder' })).form
    expect((await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds })).status).toBe(
      400,
    )
  })

  it('refuse the activity after the hundredth and the team after the fiftieth with 409', async () => {
    const session = (
      await created('/sessions', {
        title: 'Full',
        teamMode: true,
        activities: Array.from({ length: LIMITS.activitiesPerSession }, () => poll),
      })
    ).session
    const activity = await call('POST', `/sessions/${session.id}/activities`, poll)
    expect(activity.status).toBe(409)
    expect(ValidationError.parse(JSON.parse(activity.text)).error).toMatch(
      /maximum of 100 activities/,
    )
    for (let i = 0; i < LIMITS.teamsPerSessionOrSeries; i++) {
      expect(
        (
          await call('POST', `/sessions/${session.id}/teams`, {
            name: `Team ${i}`,
            color: '#112233',
          })
        ).status,
      ).toBe(201)
    }
    const team = await call('POST', `/sessions/${session.id}/teams`, {
      name: 'One more',
      color: '#112233',
    })
    expect(team.status).toBe(409)
    expect(team.text).toMatch(/maximum of 50 teams/)
  })

  it('refuse strings over their maximum length with 400 naming the field', async () => {
    const long = (n: number) => 'x'.repeat(n + 1)
    const cases: [string, string, unknown, string][] = [
      ['POST', '/forms', { title: long(LIMITS.titleLength) }, 'title'],
      [
        'POST',
        '/forms',
        { title: 'ok', description: long(LIMITS.descriptionLength) },
        'description',
      ],
      [
        'POST',
        '/forms',
        { title: 'ok', fields: [{ kind: 'yes_no', config: { label: long(LIMITS.labelLength) } }] },
        'fields.0.config.label',
      ],
      [
        'POST',
        '/forms',
        {
          title: 'ok',
          fields: [
            {
              kind: 'dropdown',
              config: {
                label: 'L',
                options: Array.from({ length: LIMITS.choiceOptions + 1 }, (_, i) => `o${i}`),
              },
            },
          ],
        },
        'fields.0.config.options',
      ],
      ['POST', '/sessions', { title: long(LIMITS.titleLength) }, 'title'],
    ]
    for (const [method, path, body, where] of cases) {
      const answer = await call(method, path, body)
      expect(answer.status, where).toBe(400)
      expect(answer.text).toContain(where)
    }
  })

  // How fast is for the bench; here, that each is refused as the client's fault, not a crash or a hang.
  it('refuse the worst bodies under 1 MiB as client errors: long arrays, many keys, deep nesting', async () => {
    const form = (await created('/forms', { title: 'Worst' })).form
    const bodies = worstBodies(form.id)
    for (const [method, path, body] of bodies) {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.bodyBytes)
      const answer = await call(method, path, body)
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, `${method} ${path}`).toBeLessThan(500)
    }
  })

  it('refuse a body nested deeper than the limit before parsing it, and parse one at the limit', async () => {
    const form = (await created('/forms', { title: 'Depth' })).form
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
    // The object itself is one level: `extra` adds the rest.
    const at = await call(
      'PATCH',
      `/forms/${form.id}/settings`,
      `{"extra":${nested(LIMITS.bodyDepth - 1)}}`,
    )
    const over = await call(
      'PATCH',
      `/forms/${form.id}/settings`,
      `{"extra":${nested(LIMITS.bodyDepth)}}`,
    )
    expect(at.status).toBe(400)
    expect(at.text).toMatch(/Unrecognized key/)
    expect(over.status).toBe(400)
    const error = ValidationError.parse(JSON.parse(over.text))
    expect(error.error).toBe(
      `The body nests arrays and objects more than ${LIMITS.bodyDepth} levels deep.`,
    )
    // Brackets inside a string are text, not depth: this title is stored as sent.
    const title = nested(100)
    expect((await call('PATCH', `/forms/${form.id}`, { title })).status).toBe(200)
  })

  it('name at most ten unknown keys in an error, however many were sent', async () => {
    const form = (await created('/forms', { title: 'Keys' })).form
    const keys = Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`)
    const answer = await call('PATCH', `/forms/${form.id}/settings`, `{${keys.join(',')}}`)
    expect(answer.status).toBe(400)
    const { issues } = ValidationError.parse(JSON.parse(answer.text))
    expect(issues).toEqual([
      {
        path: [],
        message: `Unrecognized keys: ${Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ')} and 59,990 more`,
      },
    ])
    const few = await call('PATCH', `/forms/${form.id}/settings`, '{"a":1,"b":2}')
    expect(few.text).toContain('Unrecognized keys: \\"a\\", \\"b\\"')
  })
})
