import { z } from 'zod'

// The records this deployment answers with: the reference's fields (§2), with this deployment's
// own state names and spellings where the reference leaves them open.

const timestamp = z.iso.datetime({ offset: true })
const url = z.url()

export const FORM_STATUSES = ['draft', 'live', 'archived'] as const
export const SESSION_STATUSES = ['draft', 'running', 'finished'] as const
export const MODES = ['live', 'self-paced'] as const

export const Settings = z.strictObject({
  collectEmail: z.boolean(),
  emailRequired: z.boolean(),
  thankYouMessage: z.string(),
  redirectUrl: url,
  showProgress: z.boolean(),
  useCase: z.string(),
  layout: z.string(),
})
export type Settings = z.infer<typeof Settings>

export const Field = z.strictObject({
  id: z.string(),
  kind: z.string(),
  config: z.record(z.string(), z.unknown()),
  order: z.int().min(1),
})
export type Field = z.infer<typeof Field>

export const Form = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(FORM_STATUSES),
  joinCode: z.string(),
  slug: z.string(),
  shareUrl: url,
  settings: Settings,
  publishedAt: timestamp,
  createdAt: timestamp,
  fields: z.array(Field),
})
export type Form = z.infer<typeof Form>

export const Activity = z.strictObject({
  id: z.string(),
  kind: z.string(),
  config: z.record(z.string(), z.unknown()),
  order: z.int().min(1),
})
export type Activity = z.infer<typeof Activity>

export const Session = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(SESSION_STATUSES),
  mode: z.enum(MODES),
  joinCode: z.string(),
  joinUrl: url,
  screenUrl: url,
  createdAt: timestamp,
  activities: z.array(Activity),
})
export type Session = z.infer<typeof Session>

export const Team = z.strictObject({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  order: z.int().min(1),
})
export type Team = z.infer<typeof Team>

/** A round has exactly the fields of a session (§2); rounds are run from the dashboard, so over the API they stay drafts. */
export const Round = Session
export type Round = Session

export const Series = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.literal('draft'),
  joinCode: z.string(),
  manageUrl: url,
  createdAt: timestamp,
  teams: z.array(Team),
  rounds: z.array(Round),
})
export type Series = z.infer<typeof Series>

export const SponsorReportMeta = z.strictObject({
  id: z.string(),
  title: z.string(),
  brandLabel: z.string(),
  slug: z.string(),
  publicUrl: url,
  // Absent on an all-time rollup.
  rangeStart: timestamp.optional(),
  rangeEnd: timestamp.optional(),
  generatedAt: timestamp,
  createdAt: timestamp,
})

export const SponsorReport = SponsorReportMeta.extend({
  payload: z.record(z.string(), z.unknown()),
})
export type SponsorReport = z.infer<typeof SponsorReport>
