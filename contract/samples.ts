import fc from 'fast-check'
import * as z from 'zod'
import {
  ACTIVITY_CONFIGS,
  ACTIVITY_KINDS,
  Activity,
  ActivityInput,
  type ActivityKind,
  CreateFormBody,
  CreateSeriesBody,
  CreateSessionBody,
  CreateSponsorReportBody,
  DEFAULT_PUBLIC_BASE,
  EVENT_TYPES,
  FIELD_CONFIGS,
  FIELD_KINDS,
  Field,
  FieldConfigReplace,
  FieldInput,
  type FieldKind,
  FORM_STATUSES,
  FORM_TEMPLATES,
  Form,
  FormResponse,
  FormSettings,
  FormSettingsInput,
  ID_BODY_LENGTH,
  ID_PREFIX,
  type IdKind,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  LAYOUTS,
  LIMITS,
  MODES,
  PlainError,
  PresentActivityBody,
  publicPath,
  ReorderFieldsBody,
  Round,
  RoundInput,
  SERIES_STATUSES,
  SESSION_STATUSES,
  Series,
  Session,
  SetTeamModeBody,
  SLUG_SUFFIX_LENGTH,
  SponsorPayload,
  SponsorReport,
  SponsorReportSummary,
  Team,
  TeamInput,
  UpdateFormBody,
  USE_CASES,
  ValidationError,
} from './index.ts'

/**
 * fast-check arbitraries of PROFILE-valid values, built from the contract's constants and, where a
 * limit has no constant, from the bounds the contract's schemas declare. Resources come in parsed
 * (output) form, as the mock emits them, and keep the profile's cross-field facts (order = position,
 * publishedAt null only for drafts, teams only in team mode, payload totals add up…). Request
 * bodies come in input form, sometimes leaving out keys that have a default.
 */

type Arb<T> = fc.Arbitrary<T>
type Out<S extends z.ZodType> = Arb<z.output<S>>
type In<S extends z.ZodType> = Arb<z.input<S>>

/** Plain objects only: the mock never emits null-prototype objects. */
const rec = <T, K extends keyof T = keyof T>(
  model: { [P in keyof T]: Arb<T[P]> },
  requiredKeys?: K[],
) => fc.record<T, K>(model, { noNullPrototype: true, ...(requiredKeys ? { requiredKeys } : {}) })

// Text: single UTF-16 units only, so zod's length limits count exactly what is generated.
// Mostly letters and spaces, some punctuation and non-ASCII (repeats weigh the choice).
const char = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789      .,;:!?\'"-()&/#@%éüñçßøœ中文語한국ДЖЯ€',
)
/** Any string of `min`…`max` units; now and then exactly `max`, where off-by-one mistakes live. */
export const anyText = (min: number, max: number) =>
  fc.oneof(
    { weight: 19, arbitrary: fc.string({ unit: char, minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: char, minLength: max, maxLength: max }) },
  )
/** A string `z.string().trim()` leaves as it is. */
export const text = (min: number, max: number) =>
  anyText(min, max).map((s) => s.replace(/^ /, 'x').replace(/ $/, 'x'))
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789'
const word = (min: number, max: number, alphabet = LOWER_ALNUM) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max })

const unwrap = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodDefault || schema instanceof z.ZodOptional
    ? unwrap(schema.unwrap() as z.ZodType)
    : schema
/** Text or integers within the bounds a contract schema declares (limits without a LIMITS constant). */
const textFor = (schema: z.ZodType) => {
  const inner = unwrap(schema)
  if (!(inner instanceof z.ZodString) || inner.maxLength === null)
    throw new TypeError('Not a bounded string')
  return text(inner.minLength ?? 0, inner.maxLength)
}
const intFor = (schema: z.ZodType) => {
  const inner = unwrap(schema)
  if (!(inner instanceof z.ZodNumber)) throw new TypeError('Not a number')
  return fc.integer({ min: inner.minValue ?? 0, max: inner.maxValue ?? 1_000_000 })
}

export const id = (kind: IdKind) =>
  word(ID_BODY_LENGTH, ID_BODY_LENGTH).map((body) => `${ID_PREFIX[kind]}_${body}`)
export const joinCode = word(JOIN_CODE_LENGTH, JOIN_CODE_LENGTH, JOIN_CODE_ALPHABET)
export const slug = fc
  .tuple(
    fc.array(word(1, 10), { minLength: 1, maxLength: 5 }),
    word(SLUG_SUFFIX_LENGTH, SLUG_SUFFIX_LENGTH),
  )
  .map(([words, suffix]) => [...words, suffix].join('-'))
export const color = word(6, 6, '0123456789abcdefABCDEF').map((hex) => `#${hex}`)
/** http(s) URLs with optional port, path, query and fragment (fc.webUrl is ten times slower). */
export const url = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.array(word(1, 10), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'org', 'io', 'example'),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
    fc.array(word(1, 12), { maxLength: 3 }),
    fc.option(fc.tuple(word(1, 8), word(0, 8)), { nil: undefined }),
    fc.option(word(1, 8), { nil: undefined }),
  )
  .map(([scheme, labels, tld, port, path, query, fragment]) =>
    [
      `${scheme}://${[...labels, tld].join('.')}`,
      port === undefined ? '' : `:${port}`,
      path.map((segment) => `/${segment}`).join(''),
      query ? `?${query[0]}=${query[1]}` : '',
      fragment ? `#${fragment}` : '',
    ].join(''),
  )
export const email = fc
  .tuple(
    word(1, 10),
    fc.option(word(1, 6), { nil: undefined }),
    word(1, 12),
    fc.constantFrom('com', 'org', 'io'),
  )
  .map(([local, dotted, domain, tld]) => `${local}${dotted ? `.${dotted}` : ''}@${domain}.${tld}`)
const publicBase = fc.constantFrom(DEFAULT_PUBLIC_BASE, 'https://engage.example.com')
const title = text(1, LIMITS.titleLength)
const oneOf = <K extends string>(values: readonly K[]) => fc.constantFrom(...values)

const T0 = Date.UTC(2020, 0, 1)
const T1 = Date.UTC(2030, 11, 31, 23, 59, 59, 999)
const instant = (min = T0, max = T1) => fc.integer({ min, max })
const iso = (ms: number) => new Date(ms).toISOString()
export const timestamp = instant().map(iso)
/** `n` instants, ascending. */
const instants = (n: number) =>
  fc.array(instant(), { minLength: n, maxLength: n }).map((list) => list.sort((a, b) => a - b))
/** The same instant as a client in some time zone writes it (`…+05:30`, `…Z`). */
const zonedTimestamp = (ms: number) =>
  fc.constantFrom(0, 60, 120, 330, -300, -720, 840).map((offset) => {
    if (offset === 0) return iso(ms)
    const abs = Math.abs(offset)
    const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
    return `${iso(ms + offset * 60_000).slice(0, 23)}${offset < 0 ? '-' : '+'}${hhmm}`
  })

/** Distinct by every key (ids and join codes are unique, team names case-insensitively). */
const distinct = <T>(
  arb: Arb<T>,
  maxLength: number,
  ...keys: [(t: T) => string, ...((t: T) => string)[]]
) =>
  fc
    .uniqueArray(arb, { maxLength, selector: keys[0] })
    .map((list) =>
      list.filter((item, i) =>
        keys.every((key) => list.findIndex((o) => key(o) === key(item)) === i),
      ),
    )
const withOrder = <T extends { order: number }>(list: T[]) =>
  list.map((item, order) => ({ ...item, order }))
const teamKey = (team: { name: string }) => team.name.trim().toLowerCase()

/** Keys with a default in the contract: a request may leave them out. */
const defaulted = (shape: z.ZodRawShape) =>
  Object.keys(shape).filter((key) => shape[key] instanceof z.ZodDefault)
const omitting = <T extends object>(arb: Arb<T>, keys: string[]) =>
  fc
    .tuple(arb, fc.subarray(keys))
    .map(([value, drop]) =>
      Object.fromEntries(Object.entries(value).filter(([key]) => !drop.includes(key))),
    )

// Field configs (parsed form: defaults present).
const base = {
  label: text(1, LIMITS.labelLength),
  required: fc.boolean(),
  helpText: anyText(0, LIMITS.helpTextLength),
}
const baseKeys: ('label' | 'required')[] = ['label', 'required']
const placeholder = anyText(0, LIMITS.optionLength)
const options = fc.uniqueArray(text(1, LIMITS.optionLength), {
  minLength: 2,
  maxLength: LIMITS.choiceOptions,
  selector: (o) => o.toLowerCase(),
})
const finite = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
const day = instant().map((ms) => iso(ms).slice(0, 10))
/** Puts two optional bounds in order, keeping an absent one absent. */
const ordered = <T extends number | string>(a?: T, b?: T): [T | undefined, T | undefined] =>
  a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]
const textField = {
  ...base,
  placeholder,
  maxLength: intFor(FIELD_CONFIGS.short_text.shape.maxLength),
}

export const fieldConfigs: { [K in FieldKind]: Out<(typeof FIELD_CONFIGS)[K]> } = {
  short_text: rec(textField, baseKeys),
  long_text: rec(textField, baseKeys),
  email: rec({ ...base, placeholder }, baseKeys),
  phone: rec({ ...base, placeholder }, baseKeys),
  number: rec({ ...base, min: finite, max: finite, integer: fc.boolean() }, [
    ...baseKeys,
    'integer',
  ]).map(({ min: a, max: b, ...c }) => {
    const [min, max] = ordered(a, b)
    return { ...c, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }
  }),
  date: rec({ ...base, minDate: day, maxDate: day }, baseKeys).map(
    ({ minDate: a, maxDate: b, ...c }) => {
      const [minDate, maxDate] = ordered(a, b)
      return { ...c, ...(minDate ? { minDate } : {}), ...(maxDate ? { maxDate } : {}) }
    },
  ),
  single_choice: rec({ ...base, options }, [...baseKeys, 'options']),
  multiple_choice: options.chain((list) =>
    rec(
      {
        ...base,
        options: fc.constant(list),
        maxSelections: fc.integer({ min: 1, max: list.length }),
      },
      [...baseKeys, 'options'],
    ),
  ),
  dropdown: rec({ ...base, options }, [...baseKeys, 'options']),
  rating: rec({ ...base, max: intFor(FIELD_CONFIGS.rating.shape.max) }, [...baseKeys, 'max']),
  yes_no: rec(base, baseKeys),
  submission: rec(
    {
      ...base,
      accept: fc.constantFrom<[boolean, boolean]>([true, false], [false, true], [true, true]),
    },
    [...baseKeys, 'accept'],
  ).map(({ accept: [acceptLink, acceptFile], ...c }) => ({ ...c, acceptLink, acceptFile })),
}

const fieldOfKind = (kind: FieldKind) =>
  rec({
    id: id('field'),
    kind: fc.constant(kind),
    config: fieldConfigs[kind],
    order: fc.nat(LIMITS.fieldsPerForm - 1),
  })
export const field = fc.oneof(...FIELD_KINDS.map(fieldOfKind)) as Out<typeof Field>
export const fieldInput = fc.oneof(
  ...FIELD_KINDS.map((kind) =>
    omitting(fieldConfigs[kind] as Arb<object>, defaulted(FIELD_CONFIGS[kind].shape)).map(
      (config) => ({ kind, config }),
    ),
  ),
) as In<typeof FieldInput>

// Activity configs (parsed form: defaults present).
const act = <K extends ActivityKind>(kind: K): (typeof ACTIVITY_CONFIGS)[K]['shape'] =>
  ACTIVITY_CONFIGS[kind].shape
const choices = (schema: z.ZodType) => {
  const { minItems = 0, maxItems = 100 } = z.toJSONSchema(schema)
  return fc.uniqueArray(text(1, LIMITS.optionLength), {
    minLength: minItems,
    maxLength: maxItems,
    selector: (o) => o.toLowerCase(),
  })
}
const hashtag = fc
  .tuple(
    fc.boolean(),
    word(1, 50, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'),
  )
  .map(([hash, tag]) => (hash ? `#${tag}` : tag))
/** The slide shapes are private to activities.ts; these lengths mirror them (a test parses every sample). */
const slide = fc.oneof(
  rec({ type: fc.constant('title'), title: text(1, 200), subtitle: text(1, 300) }, [
    'type',
    'title',
  ]),
  rec(
    {
      type: fc.constant('bullets'),
      title: text(1, 200),
      bullets: fc.array(text(1, 300), { minLength: 1, maxLength: 10 }),
    },
    ['type', 'bullets'],
  ),
  rec({ type: fc.constant('statement'), text: text(1, 500) }),
  rec({ type: fc.constant('image'), url, alt: text(1, 300), caption: text(1, 300) }, [
    'type',
    'url',
    'alt',
  ]),
)

export const activityConfigs: { [K in ActivityKind]: Out<(typeof ACTIVITY_CONFIGS)[K]> } = {
  poll: rec({
    question: textFor(act('poll').question),
    options: choices(act('poll').options),
    allowMultiple: fc.boolean(),
  }),
  quiz: choices(act('quiz').options).chain((list) =>
    rec({
      question: textFor(act('quiz').question),
      options: fc.constant(list),
      correctOptions: fc.uniqueArray(fc.nat(list.length - 1), {
        minLength: 1,
        maxLength: list.length,
      }),
      timeLimitSeconds: intFor(act('quiz').timeLimitSeconds),
      points: intFor(act('quiz').points),
    }),
  ),
  word_cloud: rec({
    prompt: textFor(act('word_cloud').prompt),
    maxWordsPerParticipant: intFor(act('word_cloud').maxWordsPerParticipant),
  }),
  qa: rec({
    prompt: textFor(act('qa').prompt),
    allowAnonymous: fc.boolean(),
    moderated: fc.boolean(),
  }),
  rating: rec({ question: textFor(act('rating').question), max: intFor(act('rating').max) }),
  nps: rec({ question: textFor(act('nps').question) }),
  open_text: rec({
    prompt: textFor(act('open_text').prompt),
    maxLength: intFor(act('open_text').maxLength),
  }),
  spin_wheel: rec({
    title: textFor(act('spin_wheel').title),
    entries: choices(act('spin_wheel').entries),
    removeWinner: fc.boolean(),
  }),
  social_wall: rec(
    { prompt: textFor(act('social_wall').prompt), hashtag, moderated: fc.boolean() },
    ['prompt', 'moderated'],
  ),
  slides: rec({ slides: fc.array(slide, { minLength: 1, maxLength: 100 }) }),
  cue: rec({ note: textFor(act('cue').note) }),
}

const activityOfKind = (kind: ActivityKind) =>
  rec({
    id: id('activity'),
    kind: fc.constant(kind),
    config: activityConfigs[kind],
    order: fc.nat(LIMITS.activitiesPerSession - 1),
  })
export const activity = fc.oneof(...ACTIVITY_KINDS.map(activityOfKind)) as Out<typeof Activity>
export const activityInput = fc.oneof(
  ...ACTIVITY_KINDS.map((kind) =>
    omitting(activityConfigs[kind] as Arb<object>, defaulted(act(kind))).map((content) => ({
      kind,
      ...content,
    })),
  ),
) as In<typeof ActivityInput>
const activities = distinct(activity, LIMITS.activitiesPerSession, (a) => a.id).map(withOrder)

export const team: Out<typeof Team> = rec({
  id: id('team'),
  name: text(1, LIMITS.teamNameLength),
  color,
  order: fc.nat(LIMITS.teamsPerSessionOrSeries - 1),
})
const teams = distinct(team, LIMITS.teamsPerSessionOrSeries, (t) => t.id, teamKey).map(withOrder)

const sessionLike = {
  title,
  mode: oneOf(MODES),
  joinCode,
  base: publicBase,
  createdAt: timestamp,
  activities,
}
const sessionUrls = (base: string, code: string) => ({
  joinUrl: base + publicPath.join(code),
  screenUrl: base + publicPath.screen(code),
})

export const session: Out<typeof Session> = rec({
  ...sessionLike,
  id: id('session'),
  status: oneOf(SESSION_STATUSES),
  teamMode: fc.boolean(),
  teams,
  presented: fc.nat(),
}).map(({ base, presented, teams, ...s }) => {
  // A draft has never been presented; later, the screen shows one activity or none.
  const onScreen =
    s.status === 'draft' ? undefined : s.activities[presented % (s.activities.length + 1)]
  return {
    ...s,
    ...sessionUrls(base, s.joinCode),
    teams: s.teamMode ? teams : [],
    currentActivityId: onScreen?.id ?? null,
  }
})

export const round: Out<typeof Round> = rec({
  ...sessionLike,
  id: id('round'),
  status: oneOf(SERIES_STATUSES),
}).map(({ base, ...r }) => ({ ...r, ...sessionUrls(base, r.joinCode) }))

export const series: Out<typeof Series> = rec({
  id: id('series'),
  title,
  status: oneOf(SERIES_STATUSES),
  joinCode,
  base: publicBase,
  createdAt: timestamp,
  teams,
  // Each round is a whole session: a few keep a thousand runs fast (the limit is the mock's to test).
  rounds: distinct(
    round,
    Math.min(4, LIMITS.roundsPerSeries),
    (r) => r.id,
    (r) => r.joinCode,
  ),
}).map(({ base, ...s }) => ({
  ...s,
  manageUrl: base + publicPath.seriesManage(s.id),
  // Rounds are created with their series.
  rounds: s.rounds.map((r) => ({ ...r, createdAt: s.createdAt })),
}))

export const formSettings: Out<typeof FormSettings> = rec({
  collectEmail: fc.boolean(),
  emailRequired: fc.boolean(),
  thankYouMessage: anyText(0, 1000),
  redirectUrl: fc.option(url, { nil: null }),
  showProgress: fc.boolean(),
  useCase: oneOf(USE_CASES),
  layout: oneOf(LAYOUTS),
}).map((s) => ({ ...s, emailRequired: s.collectEmail && s.emailRequired }))

export const form: Out<typeof Form> = rec({
  id: id('form'),
  title,
  description: anyText(0, LIMITS.descriptionLength),
  status: oneOf(FORM_STATUSES),
  joinCode,
  slug,
  base: publicBase,
  settings: formSettings,
  times: instants(2),
  fields: distinct(field, LIMITS.fieldsPerForm, (f) => f.id),
}).map(({ base, times: [created, published], fields, ...f }) => {
  // Publishing needs a field, and only publishing leaves draft.
  const status = fields.length === 0 ? 'draft' : f.status
  return {
    ...f,
    status,
    shareUrl: base + publicPath.form(f.slug),
    createdAt: iso(created ?? T0),
    publishedAt: status === 'draft' ? null : iso(published ?? T1),
    fields: withOrder(fields),
  }
})

const answer = fc.oneof(
  anyText(0, 500),
  finite,
  fc.boolean(),
  fc.array(text(1, LIMITS.optionLength), { maxLength: 5 }),
  rec({ link: fc.option(url, { nil: null }), fileName: fc.option(text(1, 100), { nil: null }) }),
)
export const formResponse: Out<typeof FormResponse> = rec({
  id: id('response'),
  formId: id('form'),
  submittedAt: timestamp,
  email: fc.option(email, { nil: null }),
  answers: fc.dictionary(id('field'), answer, { maxKeys: 12, noNullPrototype: true }),
})

type SponsorEvent = z.output<typeof SponsorPayload>['events'][number]
/** Totals and the monthly timeline add up to the listed events, as the mock computes them. */
const rollup = (start: number | null, end: number | null, events: SponsorEvent[]) => {
  const sum = (list: SponsorEvent[], key: 'participants' | 'responses') =>
    list.reduce((n, e) => n + e[key], 0)
  const months = [...new Set(events.map((e) => e.occurredAt.slice(0, 7)))].sort()
  return {
    window: { start: start === null ? null : iso(start), end: end === null ? null : iso(end) },
    totals: {
      events: events.length,
      forms: events.filter((e) => e.type === 'form').length,
      sessions: events.filter((e) => e.type === 'session').length,
      series: events.filter((e) => e.type === 'series').length,
      participants: sum(events, 'participants'),
      responses: sum(events, 'responses'),
    },
    events,
    timeline: months.map((month) => {
      const inMonth = events.filter((e) => e.occurredAt.startsWith(month))
      return {
        month,
        events: inMonth.length,
        participants: sum(inMonth, 'participants'),
        responses: sum(inMonth, 'responses'),
      }
    }),
  }
}
const sponsorEvent = (from: number, to: number): Arb<SponsorEvent> =>
  rec({
    type: oneOf(EVENT_TYPES),
    body: word(ID_BODY_LENGTH, ID_BODY_LENGTH),
    title,
    occurredAt: instant(from, to).map(iso),
    participants: fc.nat(10_000),
    responses: fc.nat(10_000),
  }).map(({ body, ...e }) => ({ id: `${ID_PREFIX[e.type]}_${body}`, ...e }))
const brandLabel = textFor(CreateSponsorReportBody.shape.brandLabel)

export const sponsorReport: Out<typeof SponsorReport> = fc
  .tuple(instants(3), fc.boolean(), fc.boolean())
  .chain(([[from = T0, to = T1, generated = T1], allBefore, allAfter]) =>
    rec({
      id: id('report'),
      title,
      brandLabel,
      slug,
      base: publicBase,
      events: fc.array(sponsorEvent(from, to), { maxLength: 30 }),
    }).map(({ base, events, ...r }) => {
      const start = allBefore ? null : from
      const end = allAfter ? null : to
      return {
        ...r,
        publicUrl: base + publicPath.report(r.slug),
        rangeStart: start === null ? null : iso(start),
        rangeEnd: end === null ? null : iso(end),
        generatedAt: iso(generated),
        createdAt: iso(generated),
        payload: rollup(start, end, events),
      }
    }),
  )
export const sponsorPayload: Out<typeof SponsorPayload> = sponsorReport.map((r) => r.payload)
export const sponsorReportSummary: Out<typeof SponsorReportSummary> = sponsorReport.map(
  ({ payload: _payload, ...summary }) => summary,
)

export const plainError: Out<typeof PlainError> = rec({ error: text(1, 300) })
export const validationError: Out<typeof ValidationError> = rec({
  error: text(1, 300),
  issues: fc.array(
    rec({
      path: fc.array(fc.oneof(word(1, 12), fc.nat(LIMITS.fieldsPerForm)), { maxLength: 4 }),
      message: text(1, 300),
    }),
    { maxLength: 5 },
  ),
})

// Request bodies (input form).
export const teamInput: In<typeof TeamInput> = rec({ name: text(1, LIMITS.teamNameLength), color })
export const formSettingsInput: In<typeof FormSettingsInput> = rec(
  {
    collectEmail: fc.boolean(),
    emailRequired: fc.boolean(),
    thankYouMessage: anyText(0, 1000),
    redirectUrl: fc.option(url, { nil: null }),
    showProgress: fc.boolean(),
    useCase: oneOf(USE_CASES),
    layout: oneOf(LAYOUTS),
  },
  [],
).map((s) => (s.emailRequired && !s.collectEmail ? { ...s, collectEmail: true } : s))
export const createFormBody: In<typeof CreateFormBody> = rec(
  {
    title,
    description: anyText(0, LIMITS.descriptionLength),
    template: oneOf(FORM_TEMPLATES),
    fields: fc.array(fieldInput, { maxLength: LIMITS.fieldsPerForm }),
    settings: formSettingsInput,
    publish: fc.boolean(),
  },
  ['title'],
  // Publishing at creation needs a field, from the template or inline.
).map((b) => (b.publish && !b.template && !b.fields?.length ? { ...b, publish: false } : b))
export const updateFormBody: In<typeof UpdateFormBody> = fc.oneof(
  rec({ title }),
  rec({ description: anyText(0, LIMITS.descriptionLength) }),
  rec({ title, description: anyText(0, LIMITS.descriptionLength) }),
)
export const fieldConfigReplace: In<typeof FieldConfigReplace> = fieldInput.map((f) => ({
  config: f.config,
}))
export const reorderFieldsBody: In<typeof ReorderFieldsBody> = rec({
  orderedIds: fc.uniqueArray(id('field'), { maxLength: LIMITS.fieldsPerForm }),
})
export const createSessionBody: In<typeof CreateSessionBody> = rec(
  {
    title,
    mode: oneOf(MODES),
    teamMode: fc.boolean(),
    activities: fc.array(activityInput, { maxLength: LIMITS.activitiesPerSession }),
    open: fc.boolean(),
  },
  ['title'],
)
export const setTeamModeBody: In<typeof SetTeamModeBody> = rec({ teamMode: fc.boolean() })
export const presentActivityBody: In<typeof PresentActivityBody> = rec({
  activityId: id('activity'),
})
export const roundInput: In<typeof RoundInput> = rec(
  {
    title,
    mode: oneOf(MODES),
    activities: fc.array(activityInput, { maxLength: LIMITS.activitiesPerSession }),
  },
  ['title'],
)
export const createSeriesBody: In<typeof CreateSeriesBody> = rec(
  {
    title,
    teams: distinct(teamInput, LIMITS.teamsPerSessionOrSeries, teamKey),
    rounds: fc.array(roundInput, { maxLength: Math.min(4, LIMITS.roundsPerSeries) }),
  },
  ['title'],
)
export const createSponsorReportBody: In<typeof CreateSponsorReportBody> = instants(2).chain(
  ([from = T0, to = T1]) =>
    rec({ title, brandLabel, rangeStart: zonedTimestamp(from), rangeEnd: zonedTimestamp(to) }, [
      'title',
      'brandLabel',
    ]),
)

/** Every profile schema a sample exists for, keyed like `samples`. */
export const sampleSchemas = {
  Form,
  Field,
  FormSettings,
  FormResponse,
  Session,
  Activity,
  Team,
  Series,
  Round,
  SponsorReport,
  SponsorReportSummary,
  SponsorPayload,
  PlainError,
  ValidationError,
  CreateFormBody,
  UpdateFormBody,
  FormSettingsInput,
  FieldInput,
  FieldConfigReplace,
  ReorderFieldsBody,
  CreateSessionBody,
  ActivityInput,
  TeamInput,
  SetTeamModeBody,
  PresentActivityBody,
  CreateSeriesBody,
  RoundInput,
  CreateSponsorReportBody,
} as const
export type SampleName = keyof typeof sampleSchemas

/** Resources, as the mock emits them: parsing one gives it back unchanged. */
export const resourceSamples = {
  Form: form,
  Field: field,
  FormSettings: formSettings,
  FormResponse: formResponse,
  Session: session,
  Activity: activity,
  Team: team,
  Series: series,
  Round: round,
  SponsorReport: sponsorReport,
  SponsorReportSummary: sponsorReportSummary,
  SponsorPayload: sponsorPayload,
  PlainError: plainError,
  ValidationError: validationError,
} as const
/** Request bodies, as a client may send them. */
export const bodySamples = {
  CreateFormBody: createFormBody,
  UpdateFormBody: updateFormBody,
  FormSettingsInput: formSettingsInput,
  FieldInput: fieldInput,
  FieldConfigReplace: fieldConfigReplace,
  ReorderFieldsBody: reorderFieldsBody,
  CreateSessionBody: createSessionBody,
  ActivityInput: activityInput,
  TeamInput: teamInput,
  SetTeamModeBody: setTeamModeBody,
  PresentActivityBody: presentActivityBody,
  CreateSeriesBody: createSeriesBody,
  RoundInput: roundInput,
  CreateSponsorReportBody: createSponsorReportBody,
} as const
export const samples = { ...resourceSamples, ...bodySamples } satisfies {
  [K in SampleName]: In<(typeof sampleSchemas)[K]>
}
