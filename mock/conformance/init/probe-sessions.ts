import type { ActivityInput, ActivityKind } from '../../../contract/activities.ts'
import { ACTIVITY_SAMPLES } from '../../../contract/input-examples.ts'
import type { Obj } from '../../../contract/json.ts'
import { createKey } from '../../deployment/schema.ts'
import { probeKind } from './kinds.ts'
import { contentSender, type ProbeStep } from './probe-scope.ts'
import { idIn, statusIn } from './prober.ts'
import { LATER_KINDS, refusedAsUnknown, unknownTwinKey, unknownTwinOf } from './release-probe.ts'

/** `sessions.create`: a draft session, the one the activity probes add to. */
export const probeSessionCreate: ProbeStep = async (scope) => {
  const { api, prober, title } = scope
  const draft = await prober.send('sessions.create', 'createSession', () =>
    api.createSession({ body: { title: title('session'), teamMode: false } }),
  )
  const id = draft && idIn(draft, 'session')
  if (id) scope.draftId = id
}

/** Every activity kind with the richest content seed and exploration send. */
export const probeActivityKinds: ProbeStep = async (scope) => {
  const { api, prober, draftId } = scope
  if (!draftId) return
  for (const content of scope.contents.filter((c) => c.type === 'activity')) {
    const kind = content.kind as ActivityKind
    const call = (body: Obj) =>
      api.addActivity({ params: { id: draftId }, body: { kind, ...body } as ActivityInput })
    // A refused kind of a later release: the same body with a kind no release has tells whether
    // it was refused as an unknown kind (not in this release) or for its content.
    const later = async () => {
      if (!LATER_KINDS.includes(kind)) return false
      await prober.send(unknownTwinKey(kind), 'addActivity', () =>
        api.addActivity({
          params: { id: draftId },
          body: unknownTwinOf({ kind, ...content.rich }),
        }),
      )
      return refusedAsUnknown(prober.probes, kind) === true
    }
    scope.kinds.push(
      await probeKind(content, contentSender(scope, content, 'addActivity', call), later),
    )
  }
}

export const probeTeamMode: ProbeStep = async ({ api, prober, draftId }) => {
  if (!draftId) return
  await prober.send('operations.setTeamMode', 'setTeamMode', () =>
    api.setTeamMode({ params: { id: draftId }, body: { teamMode: true } }),
  )
}

/** Open now: the status a session created open shows (§3 does not name it). */
export const probeOpenCreate: ProbeStep = async ({ api, prober, title }) => {
  await prober.send(
    createKey('sessions.create', 'open'),
    'createSession',
    () =>
      api.createSession({
        body: { title: title('open session'), activities: [ACTIVITY_SAMPLES.poll], open: true },
      }),
    (a) => `accepted; the new session's status is "${String(statusIn(a, 'session'))}"`,
  )
}

/** Present needs an open session with an activity: the draft, opened (a documented operation). */
export const probeOpenAndPresent: ProbeStep = async ({ api, prober, draftId }) => {
  if (!draftId) return
  const opened = await prober.send('sessions.open', 'openSession', () =>
    api.openSession({ params: { id: draftId } }),
  )
  const activityId = (
    opened?.body as { session?: { activities?: Array<{ id?: string }> } } | undefined
  )?.session?.activities?.[0]?.id
  if (!activityId) return
  await prober.send('operations.presentActivity', 'presentActivity', () =>
    api.presentActivity({ params: { id: draftId }, body: { activityId } }),
  )
}
