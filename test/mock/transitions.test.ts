import { describe, expect, it } from 'vitest'
import { expectError, expectSuccess, TRANSPORTS, useHarness } from './harness.ts'
import { findSession, getForm, makeForm, makeSession } from './scenarios.ts'

const T0 = '2026-07-20T10:00:00.000Z'
const T1 = '2026-07-21T10:00:00.000Z'
const T2 = '2026-07-22T10:00:00.000Z'

describe.each(TRANSPORTS)('state machines (%s)', (transport) => {
  const h = useHarness(transport)

  describe('forms: draft → published → closed', () => {
    it('refuses to close a draft, and to close a closed form, with 409', async () => {
      const draft = await makeForm(h)
      expectError(
        'closeForm',
        await h.acme.closeForm({ params: { id: draft.id } }),
        'state_conflict',
      )
      expect((await getForm(h, draft.id)).status).toBe('draft')
      const form = await makeForm(h, { publish: true })
      expectSuccess('closeForm', await h.acme.closeForm({ params: { id: form.id } }))
      expectError(
        'closeForm',
        await h.acme.closeForm({ params: { id: form.id } }),
        'state_conflict',
      )
      expect((await getForm(h, form.id)).status).toBe('closed')
    })

    it('refuses to publish a published form with 409, keeping its publishedAt', async () => {
      h.at(T0)
      const form = await makeForm(h, { publish: true })
      h.at(T1)
      expectError(
        'publishForm',
        await h.acme.publishForm({ params: { id: form.id } }),
        'state_conflict',
      )
      expect(await getForm(h, form.id)).toMatchObject({ status: 'published', publishedAt: T0 })
    })

    it('reopens a closed form on publish and keeps the first publishedAt', async () => {
      const form = await makeForm(h)
      h.at(T0)
      expectSuccess('publishForm', await h.acme.publishForm({ params: { id: form.id } }))
      h.at(T1)
      expectSuccess('closeForm', await h.acme.closeForm({ params: { id: form.id } }))
      h.at(T2)
      const res = await h.acme.publishForm({ params: { id: form.id } })
      expect(expectSuccess('publishForm', res).form).toMatchObject({
        status: 'published',
        publishedAt: T0,
      })
      expect(await getForm(h, form.id)).toMatchObject({ status: 'published', publishedAt: T0 })
    })

    it('refuses to republish a closed form that lost all its fields (409)', async () => {
      const form = await makeForm(h, { fields: 1, publish: true })
      expectSuccess('closeForm', await h.acme.closeForm({ params: { id: form.id } }))
      const params = { id: form.id, fieldId: form.fields[0]?.id as string }
      expectSuccess('removeField', await h.acme.removeField({ params }))
      const res = await h.acme.publishForm({ params: { id: form.id } })
      expectError('publishForm', res, 'publish_without_field')
      expect((await getForm(h, form.id)).status).toBe('closed')
    })

    it('refuses to remove the only field of a published form with 409; a draft may lose it', async () => {
      const form = await makeForm(h, { fields: 1, publish: true })
      const fieldId = form.fields[0]?.id as string
      const res = await h.acme.removeField({ params: { id: form.id, fieldId } })
      expectError('removeField', res, 'state_conflict')
      expect((await getForm(h, form.id)).fields).toEqual(form.fields)
      const draft = await makeForm(h, { fields: 1 })
      const params = { id: draft.id, fieldId: draft.fields[0]?.id as string }
      expectSuccess('removeField', await h.acme.removeField({ params }))
      expect((await getForm(h, draft.id)).fields).toEqual([])
    })
  })

  describe('sessions: draft → open → ended', () => {
    const endedSession = async () => {
      const session = await makeSession(h, { open: true })
      expectSuccess('endSession', await h.acme.endSession({ params: { id: session.id } }))
      return session
    }

    it('refuses to open an open or an ended session with 409', async () => {
      const open = await makeSession(h, { open: true })
      const ended = await endedSession()
      for (const [session, status] of [
        [open, 'open'],
        [ended, 'ended'],
      ] as const) {
        const res = await h.acme.openSession({ params: { id: session.id } })
        expect(expectError('openSession', res, 'state_conflict').error).toContain(status)
        expect((await findSession(h, session.id)).status).toBe(status)
      }
    })

    it('refuses to end a draft or an ended session with 409', async () => {
      const draft = await makeSession(h)
      const ended = await endedSession()
      for (const [session, status] of [
        [draft, 'draft'],
        [ended, 'ended'],
      ] as const) {
        const res = await h.acme.endSession({ params: { id: session.id } })
        expectError('endSession', res, 'state_conflict')
        expect((await findSession(h, session.id)).status).toBe(status)
      }
    })

    it('refuses an activity on an ended session (409, validation shape); open still accepts', async () => {
      const ended = await endedSession()
      const body = { kind: 'cue' as const, note: 'Too late' }
      const res = await h.acme.addActivity({ params: { id: ended.id }, body })
      expect(expectError('addActivity', res, 'state_conflict').issues).toEqual([])
      expect((await findSession(h, ended.id)).activities).toEqual(ended.activities)
      const open = await makeSession(h, { open: true })
      expectSuccess('addActivity', await h.acme.addActivity({ params: { id: open.id }, body }))
    })

    it('refuses a team-mode change on a session that is not a draft (409)', async () => {
      const open = await makeSession(h, { open: true })
      const ended = await endedSession()
      for (const session of [open, ended]) {
        const res = await h.acme.setTeamMode({
          params: { id: session.id },
          body: { teamMode: true },
        })
        expectError('setTeamMode', res, 'state_conflict')
        expect((await findSession(h, session.id)).teamMode).toBe(false)
      }
    })

    it('refuses to present on a session that is not open (409), and an unknown activity (404)', async () => {
      const draft = await makeSession(h)
      const ended = await endedSession()
      for (const session of [draft, ended]) {
        const activityId = session.activities[0]?.id as string
        const res = await h.acme.presentActivity({
          params: { id: session.id },
          body: { activityId },
        })
        expectError('presentActivity', res, 'state_conflict')
        expect((await findSession(h, session.id)).currentActivityId).toBeNull()
      }
      const open = await makeSession(h, { open: true })
      const unknown = await h.acme.presentActivity({
        params: { id: open.id },
        body: { activityId: 'act_zzzzzzzzzzzz' },
      })
      expectError('presentActivity', unknown, 'not_found')
    })
  })
})
