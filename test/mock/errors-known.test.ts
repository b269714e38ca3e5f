import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../contract/index.ts'
import { expectError, expectSuccess, TRANSPORTS, useHarness } from './harness.ts'
import { countForms, findSession, getForm, makeForm, makeSession, textField } from './scenarios.ts'

const badRating = { kind: 'rating' as const, config: { label: 'Stars', max: 99 } }

describe.each(TRANSPORTS)('the five known error conditions of §7 (%s)', (transport) => {
  const h = useHarness(transport)

  it('§7.1 refuses to publish a form without fields with 409, and keeps it a draft', async () => {
    const form = await makeForm(h, { fields: 0 })
    const body = expectError(
      'publishForm',
      await h.acme.publishForm({ params: { id: form.id } }),
      'publish_without_field',
    )
    expect(body.error).toContain(form.id)
    expect(await getForm(h, form.id)).toMatchObject({ status: 'draft', publishedAt: null })
  })

  it('§7.1 refuses an immediate publish of a form created without fields, creating nothing', async () => {
    const res = await h.acme.createForm({ body: { title: 'Empty', publish: true } })
    expectError('createForm', res, 'publish_without_field')
    expect(await countForms(h)).toBe(0)
  })

  it('§7.2 refuses a field whose config fails its kind (add field) with 400 plain', async () => {
    const form = await makeForm(h)
    const res = await h.acme.addField({ params: { id: form.id }, body: badRating })
    const body = expectError('addField', res, 'invalid_field_config')
    expect(body).not.toHaveProperty('issues')
    expect(body.error).toContain('config.max')
    expect((await getForm(h, form.id)).fields).toEqual(form.fields)
  })

  it('§7.2 refuses an unknown field kind and an unknown config key with 400 plain', async () => {
    const form = await makeForm(h)
    for (const body of [
      { kind: 'signature', config: { label: 'Sign' } },
      { kind: 'yes_no', config: { label: 'Ok?', colour: 'red' } },
    ]) {
      const res = await h.acme.raw({ method: 'POST', path: `/forms/${form.id}/fields`, body })
      expectError('addField', res, 'invalid_field_config')
    }
    expect((await getForm(h, form.id)).fields).toHaveLength(1)
  })

  it('§7.2 refuses a replaced config that fails its kind with 400 validation under "config"', async () => {
    const form = expectSuccess(
      'createForm',
      await h.acme.createForm({
        body: { title: 'R', fields: [{ kind: 'rating', config: { label: 'Stars', max: 5 } }] },
      }),
    ).form
    const fieldId = form.fields[0]?.id as string
    const res = await h.acme.replaceFieldConfig({
      params: { id: form.id, fieldId },
      body: { config: { label: '', max: 2 } },
    })
    const body = expectError('replaceFieldConfig', res, 'invalid_field_config')
    expect(body.issues?.length).toBeGreaterThanOrEqual(2)
    for (const issue of body.issues ?? []) expect(issue.path[0]).toBe('config')
    expect(body.issues?.map((i) => i.path)).toContainEqual(['config', 'max'])
    expect(await getForm(h, form.id)).toEqual(form)
  })

  it('§7.2 inline creation: three valid fields and one invalid one create nothing (400 plain)', async () => {
    await makeForm(h)
    const before = await countForms(h)
    const res = await h.acme.raw({
      method: 'POST',
      path: '/forms',
      body: {
        title: 'Mixed',
        fields: [textField('A'), textField('B'), badRating, textField('C')],
      },
    })
    const body = expectError('createForm', res, 'invalid_field_config')
    expect(body.error).toContain('fields.2')
    expect(await countForms(h)).toBe(before)
  })

  it('§7.3 refuses an incomplete, padded or repeated reorder list with 400 validation at orderedIds', async () => {
    const form = await makeForm(h, { fields: 3 })
    const [a, b, c] = form.fields.map((f) => f.id) as [string, string, string]
    for (const orderedIds of [[c, b], [c, b, a, 'fld_zzzzzzzzzzzz'], [c, b, a, a], []]) {
      const res = await h.acme.reorderFields({ params: { id: form.id }, body: { orderedIds } })
      const body = expectError('reorderFields', res, 'incomplete_reorder')
      expect(body.issues?.map((i) => i.path)).toEqual([['orderedIds']])
    }
    expect((await getForm(h, form.id)).fields).toEqual(form.fields)
  })

  it('§7.4 refuses a team on a session not in team mode, or not a draft, with 409 plain', async () => {
    const team = { name: 'Owls', color: '#6D4C41' }
    const solo = await makeSession(h)
    const open = await makeSession(h, { teamMode: true, open: true })
    const ended = await makeSession(h, { teamMode: true, open: true })
    expectSuccess('endSession', await h.acme.endSession({ params: { id: ended.id } }))
    for (const session of [solo, open, ended]) {
      const res = await h.acme.addTeam({ params: { id: session.id }, body: team })
      expectError('addTeam', res, 'team_not_allowed')
      expect((await findSession(h, session.id)).teams).toEqual([])
    }
  })

  it('§7.5 refuses series and sponsor reports to an organization without the entitlement (403)', async () => {
    const series = await h.globex.createSeries({ body: { title: 'League' } })
    expect(expectError('createSeries', series, 'missing_entitlement').error).toContain('series')
    const report = await h.globex.createSponsorReport({ body: { title: 'Q3', brandLabel: 'X' } })
    expect(expectError('createSponsorReport', report, 'missing_entitlement').error).toContain(
      'data_export_analytics',
    )
    // The entitlement is checked before the body is read.
    const invalid = await h.globex.raw({ method: 'POST', path: '/series', body: { nope: 1 } })
    expectError('createSeries', invalid, 'missing_entitlement')
    expect(expectSuccess('listSeries', await h.globex.listSeries()).series).toEqual([])
    expect(
      expectSuccess('listSponsorReports', await h.globex.listSponsorReports()).reports,
    ).toEqual([])
  })

  it('refuses a second team with the same name, whatever its case (409)', async () => {
    const session = await makeSession(h, { teamMode: true })
    const add = (name: string) =>
      h.acme.addTeam({ params: { id: session.id }, body: { name, color: '#000000' } })
    expectSuccess('addTeam', await add('Owls'))
    expectError('addTeam', await add('OWLS'), 'duplicate_team_name')
    expect((await findSession(h, session.id)).teams).toHaveLength(1)
  })

  it('refuses a field or an activity beyond the profile maximum (409)', async () => {
    const form = await makeForm(h, { fields: LIMITS.fieldsPerForm })
    const field = await h.acme.addField({ params: { id: form.id }, body: textField('One more') })
    expectError('addField', field, 'limit_exceeded')
    const withTemplate = await h.acme.createForm({
      body: {
        title: 'Too many',
        template: 'retro',
        fields: form.fields.slice(1).map(() => textField('x')),
      },
    })
    expectError('createForm', withTemplate, 'limit_exceeded')
    const activities = Array.from({ length: LIMITS.activitiesPerSession }, () => ({
      kind: 'cue' as const,
      note: 'n',
    }))
    const session = await makeSession(h, { activities })
    const activity = await h.acme.addActivity({
      params: { id: session.id },
      body: { kind: 'cue', note: 'n' },
    })
    expectError('addActivity', activity, 'limit_exceeded')
  })

  it('refuses a team beyond the profile maximum (409)', async () => {
    const session = await makeSession(h, { teamMode: true })
    const add = (name: string) =>
      h.acme.addTeam({ params: { id: session.id }, body: { name, color: '#123456' } })
    for (let i = 0; i < LIMITS.teamsPerSessionOrSeries; i++)
      expectSuccess('addTeam', await add(`T${i}`))
    expectError('addTeam', await add('One too many'), 'limit_exceeded')
    expect((await findSession(h, session.id)).teams).toHaveLength(LIMITS.teamsPerSessionOrSeries)
  })
})
