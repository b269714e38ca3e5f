import { z } from 'zod'
import { type Issue, issuesOf } from './errors.ts'

// This deployment's twelve field kinds, each with its own strict config (unknown keys refused).
// Every config asks a `question`; `mandatory` defaults to false and is stored filled in.

const question = z.string().trim().min(1).max(500)
const base = {
  question,
  mandatory: z.boolean().default(false),
  hint: z.string().max(500).optional(),
}
const choices = (max: number) =>
  z
    .array(z.string().trim().min(1).max(200))
    .min(2)
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'choices must be distinct')
const isoDate = z.iso.date()

export const FIELD_KINDS = {
  text: z.strictObject({ ...base, maxLength: z.int().min(1).max(1000).optional() }),
  paragraph: z.strictObject({
    ...base,
    maxLength: z.int().min(1).max(10_000).optional(),
    rows: z.int().min(2).max(20).optional(),
  }),
  email_address: z.strictObject({ ...base, confirm: z.boolean().optional() }),
  telephone: z.strictObject({
    ...base,
    region: z
      .string()
      .regex(/^[A-Z]{2}$/, 'region is a two-letter country code')
      .optional(),
  }),
  numeric: z
    .strictObject({
      ...base,
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      integerOnly: z.boolean().optional(),
    })
    .refine((c) => c.minimum === undefined || c.maximum === undefined || c.minimum < c.maximum, {
      message: 'minimum must be less than maximum',
      path: ['minimum'],
    }),
  choice: z.strictObject({ ...base, choices: choices(50), allowOther: z.boolean().optional() }),
  checkboxes: z
    .strictObject({
      ...base,
      choices: choices(50),
      minPicks: z.int().min(1).optional(),
      maxPicks: z.int().min(1).optional(),
    })
    .refine((c) => (c.minPicks ?? 1) <= (c.maxPicks ?? c.choices.length), {
      message: 'minPicks must not exceed maxPicks',
      path: ['minPicks'],
    })
    .refine((c) => (c.maxPicks ?? 0) <= c.choices.length, {
      message: 'maxPicks must not exceed the number of choices',
      path: ['maxPicks'],
    }),
  select: z.strictObject({ ...base, choices: choices(200) }),
  scale: z.strictObject({
    ...base,
    steps: z.int().min(2).max(11),
    lowLabel: z.string().max(60).optional(),
    highLabel: z.string().max(60).optional(),
  }),
  date_time: z
    .strictObject({
      ...base,
      includeTime: z.boolean().optional(),
      earliest: isoDate.optional(),
      latest: isoDate.optional(),
    })
    .refine((c) => c.earliest === undefined || c.latest === undefined || c.earliest <= c.latest, {
      message: 'earliest must not be after latest',
      path: ['earliest'],
    }),
  file: z.strictObject({
    ...base,
    accept: z
      .array(z.string().regex(/^\.[a-z0-9]{1,10}$/, 'an extension such as .pdf'))
      .min(1)
      .max(20)
      .optional(),
    maxSizeMb: z.int().min(1).max(100).optional(),
  }),
  /** A hackathon project submission. */
  submission: z.strictObject({
    ...base,
    requireRepoUrl: z.boolean().optional(),
    requireDemoUrl: z.boolean().optional(),
    teamSizeMax: z.int().min(1).max(20).optional(),
  }),
} as const

export type FieldKind = keyof typeof FIELD_KINDS
const KIND_NAMES = Object.keys(FIELD_KINDS) as FieldKind[]

export const isFieldKind = (kind: unknown): kind is FieldKind =>
  typeof kind === 'string' && Object.hasOwn(FIELD_KINDS, kind)

/** Checks a config against its kind's schema; `at` is where the config sits in the request body. */
export const parseFieldConfig = (
  kind: unknown,
  config: unknown,
  at: { kind: Array<string | number>; config: Array<string | number> },
): { config: Record<string, unknown> } | { issues: Issue[] } => {
  if (!isFieldKind(kind))
    return {
      issues: [{ path: at.kind, message: `kind must be one of: ${KIND_NAMES.join(', ')}` }],
    }
  // An omitted config is an empty one: the kind's schema then says what it needs.
  const parsed = FIELD_KINDS[kind].safeParse(config === undefined ? {} : config)
  return parsed.success ? { config: parsed.data } : { issues: issuesOf(parsed.error, at.config) }
}

/** A new field as a request states it: `{ kind, config }`. */
export const FieldInput = z.strictObject({ kind: z.string(), config: z.unknown().optional() })
