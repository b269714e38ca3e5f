import * as z from 'zod'

/**
 * Shared building blocks. Each schema comes in two layers:
 * - documented: what the reference (§2) states, permissive wherever it says "not shown";
 * - profile: this project's concrete answer, always a refinement of the documented one.
 */

/** §9: the release notes name a general /api/v1 prefix; the profile serves every path under it. */
export const API_PREFIX = '/api/v1'
/** Public share URLs (shareUrl, joinUrl, …) sit under this base unless the mock is told otherwise. */
export const DEFAULT_PUBLIC_BASE = 'http://localhost:4010'

// Documented layer (§2): "Timestamps are ISO 8601 date-time strings. URLs are strings in URL format. Ids are strings."
export const DocId = z.string()
export const DocTimestamp = z.iso.datetime({ offset: true, local: false })
export const DocUrl = z.url()
/** "status: string, starts as draft": other state names are not shown. */
export const DocStatus = z.string()
/** "config" and "payload" are objects whose schema is not shown. */
export const DocObject = z.looseObject({})

// Profile layer.
/** Always emitted by `Date.prototype.toISOString()`: UTC with milliseconds. */
export const Timestamp = z.iso
  .datetime({ precision: 3 })
  .meta({ example: '2026-07-13T09:30:00.000Z' })
export const Url = z.url({ protocol: /^https?$/ })

/** Ids carry a prefix per resource followed by 12 lowercase alphanumerics. */
export const ID_PREFIX = {
  form: 'frm',
  field: 'fld',
  session: 'ses',
  activity: 'act',
  team: 'team',
  series: 'ser',
  round: 'rnd',
  report: 'rpt',
  response: 'rsp',
  organization: 'org',
} as const
export type IdKind = keyof typeof ID_PREFIX
export const ID_BODY_LENGTH = 12
/** The id every example of the contract gives a record of `kind`: one form in a path and a body. */
export const exampleId = (kind: IdKind) =>
  `${ID_PREFIX[kind]}_${'a1b2c3d4e5f6'.slice(0, ID_BODY_LENGTH)}`
export const idOf = (kind: IdKind) =>
  z
    .string()
    .regex(new RegExp(`^${ID_PREFIX[kind]}_[a-z0-9]{${ID_BODY_LENGTH}}$`))
    .meta({ example: exampleId(kind) })

/**
 * An identifier (id, join code, slug) another deployment handed out, kept as it was by a state
 * imported from its traffic (`import-traffic`), so the links an app stored still resolve against
 * the mock: any token of URL-safe characters (RFC 3986 unreserved) up to 128 long, which fits a
 * path segment as it is. Only stored state admits it; what the mock hands out stays in the forms
 * above and below.
 */
export const RecordedIdentifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/)

/** Join codes avoid look-alike characters (I, O, 0, 1) so they can be read off a big screen. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const JOIN_CODE_LENGTH = 6
export const JoinCode = z
  .string()
  .regex(/^[A-HJ-NP-Z2-9]{6}$/)
  .meta({ example: 'K7M4QX' })
/** Title in kebab case plus a short random suffix, e.g. `team-retro-x7k2`. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .meta({ example: 'spring-hackathon-feedback-4kq2' })
export const SLUG_SUFFIX_LENGTH = 4
export const Color = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Expected a color in #RRGGBB form, e.g. #1E88E5.')
  .meta({ example: '#1E88E5' })

/** Maximum counts and lengths (§8 leaves them open). Beyond them a request is refused with 400/409. */
export const LIMITS = {
  titleLength: 200,
  descriptionLength: 2000,
  labelLength: 500,
  helpTextLength: 1000,
  optionLength: 200,
  choiceOptions: 50,
  fieldsPerForm: 100,
  activitiesPerSession: 100,
  teamsPerSessionOrSeries: 50,
  roundsPerSeries: 20,
  teamNameLength: 60,
  bodyBytes: 1024 * 1024,
  /** Arrays and objects inside one another; deeper bodies are refused before they are parsed. */
  bodyDepth: 64,
} as const

export const Title = z.string().trim().min(1).max(LIMITS.titleLength)

/** `{ ok: true }` acknowledgement (§4 reorder). */
export const Ok = z.looseObject({ ok: z.literal(true) })
export const OkProfile = z.strictObject({ ok: z.literal(true) }).meta({ id: 'Ok' })

/** Public URLs the profile hands out, relative to the public base. */
export const publicPath = {
  form: (slug: string) => `/f/${slug}`,
  join: (joinCode: string) => `/join/${joinCode}`,
  screen: (joinCode: string) => `/screen/${joinCode}`,
  seriesManage: (id: string) => `/series/${id}/manage`,
  report: (slug: string) => `/r/${slug}`,
} as const
