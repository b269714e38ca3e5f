import { publicPath } from '../../contract/common.ts'
import type { SponsorPayload } from '../../contract/sponsors.ts'
import type { Operations } from '../core/context.ts'
import type { Store } from '../core/store.ts'
import { reportView } from '../core/views.ts'

type SponsorOps = Pick<Operations, 'createSponsorReport'>
type Event = SponsorPayload['events'][number]

/** Every event of the organization created inside the window, with its participation. */
const eventsIn = (
  store: Store,
  orgId: string,
  start: string | null,
  end: string | null,
): Event[] => {
  const inWindow = (at: string) => (start === null || at >= start) && (end === null || at <= end)
  const events: Event[] = []
  for (const form of store.forms.listByOrg(orgId)) {
    if (!inWindow(form.createdAt)) continue
    const responses = store.responsesOf(orgId, form.id).length
    events.push({
      id: form.id,
      type: 'form',
      title: form.title,
      occurredAt: form.createdAt,
      participants: responses,
      responses,
    })
  }
  for (const session of store.sessions.listByOrg(orgId)) {
    if (!inWindow(session.createdAt)) continue
    events.push({
      id: session.id,
      type: 'session',
      title: session.title,
      occurredAt: session.createdAt,
      participants: session.participants,
      responses: 0,
    })
  }
  for (const series of store.series.listByOrg(orgId)) {
    if (!inWindow(series.createdAt)) continue
    const participants = Object.values(series.roundParticipants).reduce((sum, n) => sum + n, 0)
    events.push({
      id: series.id,
      type: 'series',
      title: series.title,
      occurredAt: series.createdAt,
      participants,
      responses: 0,
    })
  }
  return events.sort((a, b) =>
    a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : 0,
  )
}

export const rollup = (
  store: Store,
  orgId: string,
  start: string | null,
  end: string | null,
): SponsorPayload => {
  const events = eventsIn(store, orgId, start, end)
  const months = new Map<string, SponsorPayload['timeline'][number]>()
  for (const event of events) {
    const month = event.occurredAt.slice(0, 7)
    const entry = months.get(month) ?? { month, events: 0, participants: 0, responses: 0 }
    entry.events += 1
    entry.participants += event.participants
    entry.responses += event.responses
    months.set(month, entry)
  }
  const count = (type: Event['type']) => events.filter((e) => e.type === type).length
  return {
    window: { start, end },
    totals: {
      events: events.length,
      forms: count('form'),
      sessions: count('session'),
      series: count('series'),
      participants: events.reduce((sum, e) => sum + e.participants, 0),
      responses: events.reduce((sum, e) => sum + e.responses, 0),
    },
    events,
    timeline: [...months.values()],
  }
}

const iso = (value: string | undefined) =>
  value === undefined ? null : new Date(value).toISOString()

export const sponsorOperations: SponsorOps = {
  async createSponsorReport({ store, ids, org, now, publicBase, body }) {
    const rangeStart = iso(body.rangeStart)
    const rangeEnd = iso(body.rangeEnd)
    const slug = ids.slug(body.title)
    const record = await store.reports.insert({
      id: ids.id('report'),
      title: body.title,
      brandLabel: body.brandLabel,
      slug,
      publicUrl: publicBase + publicPath.report(slug),
      rangeStart,
      rangeEnd,
      generatedAt: now,
      createdAt: now,
      payload: rollup(store, org.id, rangeStart, rangeEnd),
      orgId: org.id,
      seq: store.nextSeq(),
    })
    return { status: 201, body: { report: reportView(record) } }
  },
}
