import type { Activity } from './activities.ts'
import { DEFAULT_PUBLIC_BASE, exampleId, publicPath } from './common.ts'
import type { Field } from './fields.ts'
import { type FormSettings, SETTINGS_DEFAULTS } from './form-settings.ts'
import type { Form, FormResponse } from './forms.ts'
import type { Round, Series } from './series.ts'
import type { Session } from './sessions.ts'
import type { SponsorPayload, SponsorReport } from './sponsors.ts'
import type { Team } from './teams.ts'

// One example of each resource, for the OpenAPI document's media-type `examples` (openapi.ts
// composes each answer's example from them). Text for people: only the document imports it, so
// the mock does not load it. Ids are the contract's example ids (`exampleId`), the same in the
// path parameters, so an example request and its answer name the same records.

const base = DEFAULT_PUBLIC_BASE
const field: Field = {
  id: exampleId('field'),
  kind: 'single_choice',
  config: { label: 'Which track?', required: true, options: ['AI', 'Web'] },
  order: 0,
}
const settings: FormSettings = { ...SETTINGS_DEFAULTS, collectEmail: true }
const formSlug = 'spring-hackathon-sign-up-4kq2'
const form: Form = {
  id: exampleId('form'),
  title: 'Spring hackathon sign-up',
  description: 'Tell us which track you want to join.',
  status: 'published',
  joinCode: 'K7M4QX',
  slug: formSlug,
  shareUrl: `${base}${publicPath.form(formSlug)}`,
  settings,
  publishedAt: '2026-07-13T09:35:00.000Z',
  createdAt: '2026-07-13T09:30:00.000Z',
  fields: [field],
}
const formResponse: FormResponse = {
  id: exampleId('response'),
  formId: form.id,
  submittedAt: '2026-07-13T10:02:17.000Z',
  email: 'ada@example.com',
  answers: { [field.id]: 'AI' },
}
const activity: Activity = {
  id: exampleId('activity'),
  kind: 'poll',
  config: {
    question: 'Which talk did you like best?',
    options: ['Keynote', 'Panel'],
    allowMultiple: false,
  },
  order: 0,
}
const team: Team = { id: exampleId('team'), name: 'Red Pandas', color: '#E53935', order: 0 }
const sessionCode = 'P4XW7R'
const session: Session = {
  id: exampleId('session'),
  title: 'All-hands Q&A',
  status: 'open',
  mode: 'live',
  joinCode: sessionCode,
  joinUrl: `${base}${publicPath.join(sessionCode)}`,
  screenUrl: `${base}${publicPath.screen(sessionCode)}`,
  createdAt: '2026-07-13T08:00:00.000Z',
  activities: [activity],
  teamMode: false,
  teams: [],
  currentActivityId: activity.id,
}
const roundCode = 'H8NQ2T'
const round: Round = {
  id: exampleId('round'),
  title: 'Round 1: Geography',
  status: 'draft',
  mode: 'live',
  joinCode: roundCode,
  joinUrl: `${base}${publicPath.join(roundCode)}`,
  screenUrl: `${base}${publicPath.screen(roundCode)}`,
  createdAt: '2026-07-13T11:00:00.000Z',
  activities: [],
}
const series: Series = {
  id: exampleId('series'),
  title: 'Quiz league 2026',
  status: 'draft',
  joinCode: 'M3KD9V',
  manageUrl: `${base}${publicPath.seriesManage(exampleId('series'))}`,
  createdAt: '2026-07-13T11:00:00.000Z',
  teams: [team],
  rounds: [round],
}
const reportSlug = 'q3-community-report-7hx2'
const payload: SponsorPayload = {
  window: { start: '2026-07-01T00:00:00.000Z', end: '2026-09-30T23:59:59.999Z' },
  totals: { events: 2, forms: 1, sessions: 1, series: 0, participants: 64, responses: 41 },
  events: [
    {
      id: session.id,
      type: 'session',
      title: session.title,
      occurredAt: session.createdAt,
      participants: 23,
      responses: 0,
    },
    {
      id: form.id,
      type: 'form',
      title: form.title,
      occurredAt: form.createdAt,
      participants: 41,
      responses: 41,
    },
  ],
  timeline: [{ month: '2026-07', events: 2, participants: 64, responses: 41 }],
}
const reportSummary: Omit<SponsorReport, 'payload'> = {
  id: exampleId('report'),
  title: 'Q3 community report',
  brandLabel: 'Presented by Initech',
  slug: reportSlug,
  publicUrl: `${base}${publicPath.report(reportSlug)}`,
  rangeStart: payload.window.start,
  rangeEnd: payload.window.end,
  generatedAt: '2026-10-01T08:00:00.000Z',
  createdAt: '2026-10-01T08:00:00.000Z',
}
const sponsorReport: SponsorReport = { ...reportSummary, payload }

/** Each resource's example, by its schema's id (`.meta({ id })`, kept by a release's narrowed copy). */
export const RESOURCE_EXAMPLES: Readonly<Record<string, unknown>> = {
  Field: field,
  FormSettings: settings,
  Form: form,
  FormResponse: formResponse,
  Activity: activity,
  Team: team,
  Session: session,
  Round: round,
  Series: series,
  SponsorPayload: payload,
  SponsorReport: sponsorReport,
  SponsorReportSummary: reportSummary,
}
