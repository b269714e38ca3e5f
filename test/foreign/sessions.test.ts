import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Call, client, expectOk, expectPlain, expectValidation } from './client.ts'
import { Activity, Session, Team } from './resources.ts'
import { startForeign } from './server.ts'

let foreign: Awaited<ReturnType<typeof startForeign>>
let call: Call
beforeAll(async () => {
  foreign = await startForeign()
  call = client(foreign.baseUrl)
})
afterAll(() => foreign.close())
beforeEach(() => foreign.reset())

const SessionAnswer = z.object({ session: Session })
const poll = { kind: 'poll', prompt: 'Lunch?', answers: ['Pizza', 'Sushi'] }
const create = async (body: object) =>
  expectOk(await call('POST', '/sessions', body), SessionAnswer).session
const TeamMode = z.object({
  teamMode: z.strictObject({ sessionId: z.string(), enabled: z.boolean(), teams: z.array(Team) }),
})

describe('sessions on the foreign deployment', () => {
  it('creates a draft with inline activities ordered from 1, with exactly the fields of §2', async () => {
    const session = await create({
      title: 'All-hands',
      mode: 'self-paced',
      activities: [poll, { kind: 'cue', label: 'Break' }],
    })
    expect(Object.keys(session).sort()).toEqual(
      [
        'activities',
        'createdAt',
        'id',
        'joinCode',
        'joinUrl',
        'mode',
        'screenUrl',
        'status',
        'title',
      ].sort(),
    )
    expect(session).toMatchObject({ status: 'draft', mode: 'self-paced' })
    expect(session.activities).toEqual([
      {
        id: expect.stringMatching(/^act_/),
        kind: 'poll',
        config: { prompt: 'Lunch?', answers: ['Pizza', 'Sushi'] },
        order: 1,
      },
      { id: expect.stringMatching(/^act_/), kind: 'cue', config: { label: 'Break' }, order: 2 },
    ])
    expect((await create({ title: 'Default mode' })).mode).toBe('live')
    expectPlain(await call('POST', '/sessions', { title: 'x', mode: 'self_paced' }), 422)
    const refused = expectPlain(
      await call('POST', '/sessions', {
        title: 'x',
        activities: [poll, { kind: 'poll', prompt: 'p' }],
      }),
      422,
    )
    expect(refused).toContain('activities.1.answers')
    expect(
      expectOk(await call('GET', '/sessions'), z.object({ sessions: z.array(Session) })).sessions,
    ).toHaveLength(2)
  })

  it('opens a draft to running with a fresh join code and links, ends it to finished, and reopens a finished one', async () => {
    const draft = await create({ title: 'Quiz night' })
    const opened = expectOk(await call('POST', `/sessions/${draft.id}/open`), SessionAnswer).session
    expect(opened.status).toBe('running')
    expect(opened.joinCode).not.toBe(draft.joinCode)
    expect(opened.joinUrl).toBe(`https://engage.foreign.example/join/${opened.joinCode}`)
    expect(opened.screenUrl).toBe(`https://engage.foreign.example/screen/${draft.id}`)
    expectPlain(await call('POST', `/sessions/${draft.id}/open`), 422)
    expect(
      expectOk(await call('POST', `/sessions/${draft.id}/end`), SessionAnswer).session.status,
    ).toBe('finished')
    expectPlain(await call('POST', `/sessions/${draft.id}/end`), 422)
    expect(
      expectOk(await call('POST', `/sessions/${draft.id}/open`), SessionAnswer).session.status,
    ).toBe('running')

    const started = await create({ title: 'Now', startNow: true })
    expect(started.status).toBe('running')
    expectPlain(await call('POST', `/sessions/${(await create({ title: 'd' })).id}/end`), 422)
    expectPlain(await call('POST', '/sessions/ses_000000000000/open'), 404)
  })

  it('adds activities flat ({ kind, ...content }), refusing bad content in the validation shape', async () => {
    const session = await create({ title: 'Add', activities: [poll] })
    const { activity } = expectOk(
      await call('POST', `/sessions/${session.id}/activities`, {
        kind: 'quiz',
        prompt: '2+2?',
        answers: ['3', '4'],
        correct: 1,
      }),
      z.object({ activity: Activity }),
    )
    expect(activity).toMatchObject({
      kind: 'quiz',
      order: 2,
      config: { prompt: '2+2?', answers: ['3', '4'], correct: 1 },
    })
    for (const [bad, path] of [
      [{ kind: 'quiz', prompt: 'q', answers: ['a', 'b'], correct: 2 }, ['correct']],
      [{ kind: 'poll', prompt: 'p', answers: ['a', 'b'], extra: 1 }, []],
      [{ kind: 'poll', content: { prompt: 'p', answers: ['a', 'b'] } }, []],
      [{ kind: 'trivia', prompt: 'p' }, ['kind']],
      [{ prompt: 'p' }, ['kind']],
      [
        { kind: 'slides', slides: [{ type: 'video', src: 'https://x.example/v' }] },
        ['slides', 0, 'type'],
      ],
    ] as const) {
      const refused = expectValidation(
        await call('POST', `/sessions/${session.id}/activities`, bad),
        422,
      )
      expect(
        refused.issues.map((i) => i.path),
        JSON.stringify(bad),
      ).toContainEqual(path)
    }
    expectValidation(await call('POST', '/sessions/ses_000000000000/activities', poll), 404)
    await call('POST', `/sessions/${session.id}/open`)
    await call('POST', `/sessions/${session.id}/end`)
    expect(
      expectValidation(await call('POST', `/sessions/${session.id}/activities`, poll), 422).issues,
    ).toEqual([])
  })

  it('creates teams only while a draft in team mode, ordered from 1, with hex or palette colors', async () => {
    const plain = await create({ title: 'No teams' })
    expectPlain(
      await call('POST', `/sessions/${plain.id}/teams`, { name: 'Owls', color: '#112233' }),
      422,
    )

    const teamed = await create({ title: 'Teams', teamMode: true })
    const owls = expectOk(
      await call('POST', `/sessions/${teamed.id}/teams`, { name: 'Owls', color: '#A1b2C3' }),
      z.object({ team: Team }),
    )
    expect(owls.team).toEqual({
      id: expect.stringMatching(/^tem_/),
      name: 'Owls',
      color: '#A1b2C3',
      order: 1,
    })
    const teal = expectOk(
      await call('POST', `/sessions/${teamed.id}/teams`, { name: 'Foxes', color: 'teal' }),
      z.object({ team: Team }),
    )
    expect(teal.team.order).toBe(2)
    for (const color of ['red', '#abc', 'rgb(1,2,3)', '#1234567'])
      expectPlain(
        await call('POST', `/sessions/${teamed.id}/teams`, { name: `T ${color}`, color }),
        422,
      )
    expectPlain(
      await call('POST', `/sessions/${teamed.id}/teams`, { name: 'owls', color: 'slate' }),
      422,
    )

    await call('POST', `/sessions/${teamed.id}/open`)
    expectPlain(
      await call('POST', `/sessions/${teamed.id}/teams`, { name: 'Late', color: 'azure' }),
      422,
    )
    const state = expectOk(await call('GET', `/sessions/${teamed.id}/team-mode`), TeamMode)
    expect(state.teamMode.teams.map((t) => t.name)).toEqual(['Owls', 'Foxes'])
  })

  it('refuses the 33rd team of a session', async () => {
    const session = await create({ title: 'Crowd', teamMode: true })
    for (let i = 1; i <= 32; i++)
      expect(
        (await call('POST', `/sessions/${session.id}/teams`, { name: `T${i}`, color: 'slate' }))
          .status,
      ).toBe(200)
    expectPlain(
      await call('POST', `/sessions/${session.id}/teams`, { name: 'T33', color: 'slate' }),
      422,
    )
  })

  it('switches team mode with PUT …/team-mode { enabled }, only on a draft and not off while teams exist', async () => {
    const session = await create({ title: 'Switch' })
    const on = expectOk(
      await call('PUT', `/sessions/${session.id}/team-mode`, { enabled: true }),
      TeamMode,
    )
    expect(on.teamMode).toEqual({ sessionId: session.id, enabled: true, teams: [] })
    await call('POST', `/sessions/${session.id}/teams`, { name: 'Owls', color: 'teal' })
    expectPlain(await call('PUT', `/sessions/${session.id}/team-mode`, { enabled: false }), 422)
    expectPlain(await call('PUT', `/sessions/${session.id}/team-mode`, { teamMode: true }), 422)
    expectPlain(await call('PATCH', `/sessions/${session.id}/team-mode`, { enabled: true }), 405)

    const other = await create({ title: 'Running', startNow: true })
    expectPlain(await call('PUT', `/sessions/${other.id}/team-mode`, { enabled: true }), 422)
  })

  it('presents an activity only while the session runs', async () => {
    const session = await create({ title: 'Show', activities: [poll] })
    const activityId = session.activities[0]!.id
    expectPlain(await call('POST', `/sessions/${session.id}/activities/${activityId}/present`), 422)
    await call('POST', `/sessions/${session.id}/open`)
    const shown = await call('POST', `/sessions/${session.id}/activities/${activityId}/present`)
    expect(shown).toMatchObject({
      status: 200,
      body: {
        presenting: {
          sessionId: session.id,
          activity: session.activities[0],
          since: expect.any(String),
        },
      },
    })
    expectPlain(
      await call('POST', `/sessions/${session.id}/activities/act_000000000000/present`),
      404,
    )
    expectPlain(await call('POST', `/sessions/${session.id}/present`, { activityId }), 404)
  })
})
