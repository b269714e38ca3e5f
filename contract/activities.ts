import * as z from 'zod'
import { DocId, DocObject, idOf, LIMITS } from './common.ts'
import type { ReleaseName } from './release-name.ts'

/** §2 Activity: the eleven kinds the reference names. */
export const ACTIVITY_KINDS = [
  'poll',
  'quiz',
  'word_cloud',
  'qa',
  'rating',
  'nps',
  'open_text',
  'spin_wheel',
  'social_wall',
  'slides',
  'cue',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

/** §9: the release each kind arrived in. Slides on 2026-07-11; the notes date no other kind. */
export const ACTIVITY_KIND_SINCE = {
  poll: 'initial',
  quiz: 'initial',
  word_cloud: 'initial',
  qa: 'initial',
  rating: 'initial',
  nps: 'initial',
  open_text: 'initial',
  spin_wheel: 'initial',
  social_wall: 'initial',
  slides: '2026-07-11',
  cue: 'initial',
} as const satisfies Record<ActivityKind, ReleaseName>

// One schema per length, shared: zod builds four per call, at import, before a page's first answer.
const texts = new Map<number, z.ZodString>()
const text = (max: number): z.ZodString => {
  let schema = texts.get(max)
  if (!schema) {
    schema = z.string().trim().min(1).max(max)
    texts.set(max, schema)
  }
  return schema
}
const question = text(300)
const choices = (min: number, max: number) =>
  z
    .array(text(LIMITS.optionLength))
    .min(min)
    .max(max)
    .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, {
      message: 'Options must be unique.',
    })

const slide = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('title'), title: text(200), subtitle: text(300).optional() }),
  z.strictObject({
    type: z.literal('bullets'),
    title: text(200).optional(),
    bullets: z.array(text(300)).min(1).max(10),
  }),
  z.strictObject({ type: z.literal('statement'), text: text(500) }),
  z.strictObject({
    type: z.literal('image'),
    url: z.url({ protocol: /^https?$/ }),
    alt: text(300),
    caption: text(300).optional(),
  }),
])

/**
 * Content shape per kind: what a frontend needs to render it. Strict, so unknown keys are refused.
 * Kept as plain shapes so the flat request body (`{ kind, …content }`) and the stored `config`
 * are built from the same declaration.
 */
const SHAPES = {
  poll: { question, options: choices(2, 10), allowMultiple: z.boolean().default(false) },
  quiz: {
    question,
    options: choices(2, 10),
    /** Indexes into `options`. */
    correctOptions: z.array(z.int().min(0)).min(1),
    timeLimitSeconds: z.int().min(5).max(300).default(30),
    points: z.int().min(0).max(10_000).default(1000),
  },
  word_cloud: { prompt: question, maxWordsPerParticipant: z.int().min(1).max(10).default(3) },
  qa: {
    prompt: question,
    allowAnonymous: z.boolean().default(true),
    moderated: z.boolean().default(false),
  },
  rating: { question, max: z.int().min(3).max(10).default(5) },
  nps: {
    question: question.default('How likely are you to recommend us to a friend or colleague?'),
  },
  open_text: { prompt: question, maxLength: z.int().min(1).max(2000).default(500) },
  spin_wheel: {
    title: question,
    entries: choices(2, 100),
    removeWinner: z.boolean().default(false),
  },
  social_wall: {
    prompt: question,
    hashtag: z
      .string()
      .regex(
        /^#?[A-Za-z0-9_]{1,50}$/,
        'A hashtag is letters, digits and underscores, e.g. #DevDays.',
      )
      .optional(),
    moderated: z.boolean().default(true),
  },
  /** §2: content slides (title, bullets, statement, image) shown between interactive activities. */
  slides: { slides: z.array(slide).min(1).max(100) },
  /** A host-only note: never shown to participants or on the big screen. */
  cue: { note: text(2000) },
} as const satisfies Record<ActivityKind, z.ZodRawShape>

type QuizLike = { options: string[]; correctOptions: number[] }
const quizRule = (c: QuizLike) =>
  c.correctOptions.every((i) => i < c.options.length) &&
  new Set(c.correctOptions).size === c.correctOptions.length
const quizRuleError = {
  message: 'correctOptions must be distinct indexes into options.',
  path: ['correctOptions'],
}

const configOf = <K extends ActivityKind>(kind: K) => z.strictObject(SHAPES[kind])
const inputOf = <K extends ActivityKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), ...SHAPES[kind] })

export const ACTIVITY_CONFIGS = {
  poll: configOf('poll'),
  quiz: configOf('quiz').refine(quizRule, quizRuleError),
  word_cloud: configOf('word_cloud'),
  qa: configOf('qa'),
  rating: configOf('rating'),
  nps: configOf('nps'),
  open_text: configOf('open_text'),
  spin_wheel: configOf('spin_wheel'),
  social_wall: configOf('social_wall'),
  slides: configOf('slides'),
  cue: configOf('cue'),
} as const

const kindErrorOf = (kinds: readonly ActivityKind[]) => `kind must be one of: ${kinds.join(', ')}.`
const kindError = kindErrorOf(ACTIVITY_KINDS)

/** POST /sessions/{id}/activities and inline activities: `{ kind, …content }`, flat (§4). */
export const ActivityInput = z
  .discriminatedUnion(
    'kind',
    [
      inputOf('poll'),
      inputOf('quiz').refine(quizRule, quizRuleError),
      inputOf('word_cloud'),
      inputOf('qa'),
      inputOf('rating'),
      inputOf('nps'),
      inputOf('open_text'),
      inputOf('spin_wheel'),
      inputOf('social_wall'),
      inputOf('slides'),
      inputOf('cue'),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? kindError : undefined) },
  )
  .meta({
    id: 'ActivityInput',
    example: {
      kind: 'poll',
      question: 'Which talk did you like best?',
      options: ['Keynote', 'Panel'],
    },
  })
export type ActivityInput = z.input<typeof ActivityInput>

export const DocActivity = z.looseObject({
  id: DocId,
  kind: z.enum(ACTIVITY_KINDS),
  config: DocObject,
  order: z.int(),
})
export const DocActivityInput = z.looseObject({ kind: z.enum(ACTIVITY_KINDS) })

// Built once and shared by the eleven kinds below: zod builds a schema per call, at import.
const activityId = idOf('activity')
const order = z.int().min(0)
const activityOf = <K extends ActivityKind>(kind: K) =>
  z.strictObject({ id: activityId, kind: z.literal(kind), config: ACTIVITY_CONFIGS[kind], order })

/** The returned Activity carries the request's content as `config`; `order` is the 0-based position. */
export const Activity = z
  .discriminatedUnion('kind', [
    activityOf('poll'),
    activityOf('quiz'),
    activityOf('word_cloud'),
    activityOf('qa'),
    activityOf('rating'),
    activityOf('nps'),
    activityOf('open_text'),
    activityOf('spin_wheel'),
    activityOf('social_wall'),
    activityOf('slides'),
    activityOf('cue'),
  ])
  .meta({ id: 'Activity' })
export type Activity = z.infer<typeof Activity>

/** The kind an option of the unions above is for. */
const kindOf = (option: z.ZodObject): string => (option.shape.kind as z.ZodLiteral<string>).value

/**
 * The four activity schemas as a release with only `kinds` has them (contract/release-table.ts): a
 * kind left out is refused exactly as an unknown kind is, with the same message listing the kinds
 * there are. Each replaces its original wherever that is used.
 */
export const activitySchemasOf = (kinds: readonly ActivityKind[]) => {
  // A union of at least one kind: every release has some (the test of releases.ts holds it).
  const only = <O extends z.ZodObject>(options: readonly O[]) =>
    options.filter((option) => (kinds as readonly string[]).includes(kindOf(option))) as [O, ...O[]]
  const narrowed = new Map<z.ZodType, z.ZodType>([
    [
      ActivityInput,
      z
        .discriminatedUnion('kind', only(ActivityInput.options), {
          error: (issue) => (issue.code === 'invalid_union' ? kindErrorOf(kinds) : undefined),
        })
        .meta(ActivityInput.meta() ?? {}),
    ],
    [Activity, z.discriminatedUnion('kind', only(Activity.options)).meta(Activity.meta() ?? {})],
    [DocActivity, DocActivity.extend({ kind: z.enum(kinds) })],
    [DocActivityInput, DocActivityInput.extend({ kind: z.enum(kinds) })],
  ])
  return narrowed
}
