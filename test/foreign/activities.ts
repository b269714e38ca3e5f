import { z } from 'zod'
import { type Issue, issuesOf } from './errors.ts'
import type { Release } from './releases.ts'

// Activity content per kind, sent flat beside `kind` ({ kind, ...content }) and stored as the
// activity's config. Strict: unknown keys are refused.

const prompt = z.string().trim().min(1).max(300)
const options = (min: number, max: number) =>
  z
    .array(z.string().trim().min(1).max(120))
    .min(min)
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'answers must be distinct')

const Slide = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('title'),
    heading: z.string().trim().min(1).max(120),
    subheading: z.string().max(200).optional(),
  }),
  z.strictObject({
    type: z.literal('bullets'),
    heading: z.string().max(120).optional(),
    items: z.array(z.string().trim().min(1).max(200)).min(1).max(12),
  }),
  z.strictObject({ type: z.literal('statement'), text: z.string().trim().min(1).max(400) }),
  z.strictObject({
    type: z.literal('image'),
    src: z.url({ protocol: /^https$/, error: 'src must be an absolute https URL' }),
    alt: z.string().trim().min(1).max(200),
  }),
])

export const ACTIVITY_KINDS = {
  poll: z.strictObject({ prompt, answers: options(2, 10), multiple: z.boolean().optional() }),
  quiz: z
    .strictObject({
      prompt,
      answers: options(2, 6),
      /** Index (from 0) of the right answer in `answers`. */
      correct: z.int().min(0),
      seconds: z.int().min(5).max(300).optional(),
      points: z.int().min(0).max(1000).optional(),
    })
    .refine((q) => q.correct < q.answers.length, {
      message: 'correct must be the index of one of the answers',
      path: ['correct'],
    }),
  word_cloud: z.strictObject({ prompt, maxWords: z.int().min(1).max(5).optional() }),
  qa: z.strictObject({
    topic: z.string().trim().min(1).max(200),
    moderated: z.boolean().optional(),
    anonymous: z.boolean().optional(),
  }),
  rating: z.strictObject({ prompt, outOf: z.int().min(3).max(10) }),
  nps: z.strictObject({
    prompt,
    lowLabel: z.string().max(60).optional(),
    highLabel: z.string().max(60).optional(),
  }),
  open_text: z.strictObject({ prompt, maxChars: z.int().min(10).max(2000).optional() }),
  spin_wheel: z.strictObject({
    title: z.string().trim().min(1).max(120),
    entries: z.array(z.string().trim().min(1).max(80)).min(2).max(100),
  }),
  social_wall: z.strictObject({
    hashtag: z.string().regex(/^#[A-Za-z0-9_]{1,50}$/, 'hashtag is # then letters, digits or _'),
    moderated: z.boolean().optional(),
  }),
  slides: z.strictObject({ slides: z.array(Slide).min(1).max(50) }),
  cue: z.strictObject({
    label: z.string().trim().min(1).max(120),
    seconds: z.int().min(5).max(3600).optional(),
  }),
} as const

export type ActivityKind = keyof typeof ACTIVITY_KINDS

export const activityKinds = (release: Release): ActivityKind[] =>
  (Object.keys(ACTIVITY_KINDS) as ActivityKind[]).filter(
    (kind) => kind !== 'slides' || release !== '2026-07-10',
  )

/** Checks `{ kind, ...content }`; `at` is where the activity sits in the request body. */
export const parseActivity = (
  input: unknown,
  release: Release,
  at: Array<string | number> = [],
): { kind: ActivityKind; config: Record<string, unknown> } | { issues: Issue[] } => {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { issues: [{ path: at, message: 'an activity is an object { kind, ...content }' }] }
  const { kind, ...content } = input as Record<string, unknown>
  const known = activityKinds(release)
  if (typeof kind !== 'string' || !known.includes(kind as ActivityKind))
    return {
      issues: [{ path: [...at, 'kind'], message: `kind must be one of: ${known.join(', ')}` }],
    }
  const parsed = ACTIVITY_KINDS[kind as ActivityKind].safeParse(content)
  return parsed.success
    ? { kind: kind as ActivityKind, config: parsed.data }
    : { issues: issuesOf(parsed.error, at) }
}
