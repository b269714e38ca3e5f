import * as z from 'zod'
import {
  DocId,
  DocObject,
  DocTimestamp,
  DocUrl,
  idOf,
  Slug,
  Timestamp,
  Title,
  Url,
} from './common.ts'
import { endpoints } from './endpoints.ts'
import { defineRoute } from './route.ts'

const count = z.int().min(0)

/**
 * The rollup (§2 "contents not shown"): every event of the organization created inside the window,
 * with its participation, plus totals and a month-by-month timeline for charts.
 */
export const EVENT_TYPES = ['form', 'session', 'series'] as const
export const SponsorPayload = z
  .strictObject({
    window: z.strictObject({ start: Timestamp.nullable(), end: Timestamp.nullable() }),
    totals: z.strictObject({
      events: count,
      forms: count,
      sessions: count,
      series: count,
      participants: count,
      responses: count,
    }),
    events: z.array(
      z.strictObject({
        id: z.string(),
        type: z.enum(EVENT_TYPES),
        title: z.string(),
        occurredAt: Timestamp,
        participants: count,
        responses: count,
      }),
    ),
    /** One entry per calendar month (UTC, `YYYY-MM`) that has events, oldest first. */
    timeline: z.array(
      z.strictObject({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        events: count,
        participants: count,
        responses: count,
      }),
    ),
  })
  .meta({ id: 'SponsorPayload' })
export type SponsorPayload = z.infer<typeof SponsorPayload>

const docReportShape = {
  id: DocId,
  title: z.string(),
  brandLabel: z.string(),
  slug: z.string(),
  publicUrl: DocUrl,
  /**
   * Omitting both dates gives an all-time rollup, which has no window bound: how it says so is not
   * shown, so null, or both keys absent, are documented answers (see `bothBoundsOrNeither`).
   */
  rangeStart: DocTimestamp.nullable().optional(),
  rangeEnd: DocTimestamp.nullable().optional(),
  generatedAt: DocTimestamp,
  createdAt: DocTimestamp,
}
/** Only an all-time report may leave its window's keys out, and then both of them. */
const bothBoundsOrNeither = [
  (r: object) => 'rangeStart' in r === 'rangeEnd' in r,
  { message: 'rangeStart and rangeEnd are both present, or both absent (all time)' },
] as const
export const DocSponsorReport = z
  .looseObject({ ...docReportShape, payload: DocObject })
  .refine(...bothBoundsOrNeither)
/** §4 GET /sponsors: "metadata only (the payload is omitted)". */
export const DocSponsorReportSummary = z
  .looseObject(docReportShape)
  .refine(...bothBoundsOrNeither)
  .refine((r) => !('payload' in r), { message: 'payload must be omitted from list responses' })

const reportShape = {
  id: idOf('report'),
  title: Title,
  brandLabel: z.string().trim().min(1).max(100),
  slug: Slug,
  publicUrl: Url,
  /** null: the window is open on that side (both null = all time). */
  rangeStart: Timestamp.nullable(),
  rangeEnd: Timestamp.nullable(),
  generatedAt: Timestamp,
  createdAt: Timestamp,
}
export const SponsorReport = z
  .strictObject({ ...reportShape, payload: SponsorPayload })
  .meta({ id: 'SponsorReport' })
export type SponsorReport = z.infer<typeof SponsorReport>
export const SponsorReportSummary = z.strictObject(reportShape).meta({ id: 'SponsorReportSummary' })

export const CreateSponsorReportBody = z
  .strictObject({
    title: Title,
    brandLabel: z.string().trim().min(1).max(100),
    rangeStart: z.iso.datetime({ offset: true }).optional(),
    rangeEnd: z.iso.datetime({ offset: true }).optional(),
  })
  .refine(
    (b) =>
      b.rangeStart === undefined ||
      b.rangeEnd === undefined ||
      Date.parse(b.rangeStart) <= Date.parse(b.rangeEnd),
    { message: 'rangeStart must not be after rangeEnd.', path: ['rangeStart'] },
  )
  .meta({
    id: 'CreateSponsorReportBody',
    example: {
      title: 'Q3 community report',
      brandLabel: 'Presented by Initech',
      rangeStart: '2026-07-01T00:00:00.000Z',
      rangeEnd: '2026-09-30T23:59:59.999Z',
    },
  })
export type CreateSponsorReportBody = z.input<typeof CreateSponsorReportBody>

export const sponsorRoutes = {
  createSponsorReport: defineRoute(endpoints.createSponsorReport, {
    section: '§4 Sponsor reports',
    body: { documented: z.looseObject({}), profile: CreateSponsorReportBody },
    success: {
      documented: z.looseObject({ report: DocSponsorReport }),
      profile: z.strictObject({ report: SponsorReport }).meta({ id: 'SponsorReportEnvelope' }),
    },
    errorShape: 'plain',
    entitlement: 'data_export_analytics',
    errors: ['missing_entitlement'],
  }),
  listSponsorReports: defineRoute(endpoints.listSponsorReports, {
    section: '§4 Sponsor reports',
    success: {
      documented: z.looseObject({ reports: z.array(DocSponsorReportSummary) }),
      profile: z
        .strictObject({ reports: z.array(SponsorReportSummary) })
        .meta({ id: 'SponsorReportList' }),
    },
    errorShape: 'plain',
    errors: [],
    list: true,
  }),
} as const
