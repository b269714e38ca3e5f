import { createClient } from '../../contract/client.ts'
import type { Obj } from '../../contract/json.ts'
import { ACME_KEY } from '../../fixtures/index.ts'

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
const idOf = (value: unknown): string | undefined => {
  const id = obj(value).id
  return typeof id === 'string' ? id : undefined
}
const idsOf = (value: unknown): string[] =>
  (Array.isArray(obj(value).fields) ? (obj(value).fields as unknown[]) : [])
    .map(idOf)
    .filter((id): id is string => id !== undefined)

/**
 * What an app does against the API in a working session, successes and refusals, every
 * documented operation at least once: the traffic the proxy and `check-traffic` are tested on. It
 * reads answers leniently (a deviant deployment may break them) and skips what it cannot reach.
 * The refusals it provokes on purpose are request issues, never violations of a faithful
 * deployment: `EXPECTED_REQUEST_ISSUES` lists them by operation.
 */
export const driveSession = async (baseUrl: string, apiKey = ACME_KEY): Promise<void> => {
  const api = createClient({ baseUrl, apiKey })
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    obj((await api.raw({ method, path, ...(body === undefined ? {} : { body }) })).body)

  await call('GET', '/forms')
  // A form with no field: publishing it is refused (§7.1).
  const empty = idOf((await call('POST', '/forms', { title: 'Empty survey' })).form)
  if (empty) await call('POST', `/forms/${empty}/publish`)

  const created = obj(
    (
      await call('POST', '/forms', {
        title: 'Team retro',
        fields: [
          { kind: 'short_text', config: { label: 'What went well?' } },
          { kind: 'long_text', config: { label: 'What could be better?' } },
          { kind: 'rating', config: { label: 'Mood', max: 5 } },
        ],
      })
    ).form,
  )
  const form = idOf(created)
  if (form) {
    const [a, b, c] = idsOf(created)
    await call('GET', `/forms/${form}`)
    await call('PATCH', `/forms/${form}`, { title: 'Team retro (June)' })
    await call('PATCH', `/forms/${form}/settings`, { collectEmail: true })
    await call('PATCH', `/forms/${form}/settings`, { thankYouMessage: 'Thanks, see you Friday.' })
    await call('POST', `/forms/${form}/fields`, { kind: 'not_a_field_kind', config: {} })
    const added = idOf(
      (
        await call('POST', `/forms/${form}/fields`, {
          kind: 'yes_no',
          config: { label: 'Same time next month?' },
        })
      ).field,
    )
    if (a && b && c && added) {
      // Refused: an incomplete list, a list of the right length with a stranger, not a list.
      await call('POST', `/forms/${form}/fields/reorder`, { orderedIds: [c, a] })
      await call('POST', `/forms/${form}/fields/reorder`, {
        orderedIds: [c, b, a, 'fld_notinthisform'],
      })
      await call('POST', `/forms/${form}/fields/reorder`, { orderedIds: 'c,b,a' })
      await call('POST', `/forms/${form}/fields/reorder`, { orderedIds: [added, c, b, a] })
      await call('GET', `/forms/${form}`)
    }
    await call('POST', `/forms/${form}/publish`)
    await call('POST', `/forms/${form}/close`)
  }
  // Published on creation.
  await call('POST', '/forms', {
    title: 'Lunch vote',
    publish: true,
    fields: [{ kind: 'yes_no', config: { label: 'Pizza?' } }],
  })
  await call('GET', '/forms')
  await call('GET', '/forms/frm_000000000000')
  await api.raw({ method: 'GET', path: '/forms', auth: false })

  const session = idOf(
    (
      await call('POST', '/sessions', {
        title: 'Quiz night',
        teamMode: true,
        activities: [{ kind: 'poll', question: 'Ready?', options: ['Yes', 'No'] }],
      })
    ).session,
  )
  if (session) {
    await call('POST', `/sessions/${session}/teams`, { name: 'Owls', color: '#6D4C41' })
    await call('POST', `/sessions/${session}/activities`, {
      kind: 'word_cloud',
      prompt: 'One word?',
    })
    await call('POST', `/sessions/${session}/activities`, { kind: 'not_an_activity_kind' })
    await call('POST', `/sessions/${session}/open`)
    // Refused: the session is open (§3, §7.4).
    await call('POST', `/sessions/${session}/teams`, { name: 'Foxes', color: '#F4511E' })
    await call('POST', `/sessions/${session}/end`)
  }
  await call('POST', '/sessions', { title: 'Live Q&A', open: true })
  await call('GET', '/sessions')

  await call('POST', '/series', {
    title: 'Pub quiz league',
    teams: [{ name: 'Otters', color: '#1E88E5' }],
  })
  await call('GET', '/series')
  await call('POST', '/sponsors', { title: 'Q3 report', brandLabel: 'Presented by Initech' })
  await call('GET', '/sponsors')
  if (empty) await call('DELETE', `/forms/${empty}`)
}

/** The refusals the session provokes on purpose: request issues of the client, per operation. */
export const EXPECTED_REQUEST_ISSUES = {
  addField: 0,
  reorderFields: 3,
  addTeam: 1,
  addActivity: 1,
  listForms: 1,
} as const
