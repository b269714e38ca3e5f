import * as z from 'zod'
import { ACTIVITY_KINDS, type ActivityKind } from '../../contract/activities.ts'
import { ERROR_CONDITIONS, type ErrorCondition } from '../../contract/errors.ts'
import { FIELD_CONFIGS, FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { LAYOUTS, USE_CASES } from '../../contract/form-settings.ts'
import { FORM_TEMPLATES } from '../../contract/forms.ts'
import { pathParamNames } from '../../contract/route.ts'
import { MODES } from '../../contract/sessions.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
import { DeploymentError } from './error.ts'
import { ReleaseKey } from './release.ts'

/**
 * The deployment file: how one deployment spells what §4 leaves "not shown". Every key is optional;
 * what is left out is the profile's choice (our mock), so an empty file changes nothing.
 *
 * A spelling is where a value goes in this deployment's body: a property name, or a dotted path
 * (`window.start`) for a nested one; `null` means the deployment has no such option. A TS/JS module
 * may give a function instead of a spelling map: it receives the profile's body and returns the body
 * to send.
 */

const PATH_SEGMENT = /^[A-Za-z_$][\w$-]*$/
const Spelling = z
  .string()
  .refine((value) => value.split('.').every((segment) => PATH_SEGMENT.test(segment)), {
    message: 'Expected a property name or a dotted path such as "window.start", or null.',
  })
  .nullable()

/** `(profileBody) => body`: only in a TS/JS deployment module. */
export type BodyFunction = (body: Record<string, unknown>) => unknown
const BodyFn = z.custom<BodyFunction>((value) => typeof value === 'function', {
  message: 'Expected a spelling map or a function',
})

const spellingMap = <const K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, Spelling.optional()])) as Record<
      K,
      z.ZodOptional<typeof Spelling>
    >,
  )

/** The profile's property behind each key of a create body's spelling map. */
export const CREATE_KEYS = {
  'forms.create': {
    title: 'title',
    description: 'description',
    template: 'template',
    fields: 'fields',
    settings: 'settings',
    publishNow: 'publish',
  },
  'sessions.create': {
    title: 'title',
    mode: 'mode',
    teamMode: 'teamMode',
    activities: 'activities',
    openNow: 'open',
  },
  'series.create': { title: 'title', teams: 'teams', rounds: 'rounds' },
  'sponsors.create': {
    title: 'title',
    brandLabel: 'brandLabel',
    windowStart: 'rangeStart',
    windowEnd: 'rangeEnd',
  },
} as const
export type CreateSection = keyof typeof CREATE_KEYS

const createSpelling = <S extends CreateSection>(section: S) =>
  z.union([
    spellingMap(Object.keys(CREATE_KEYS[section]) as Array<keyof (typeof CREATE_KEYS)[S] & string>),
    BodyFn,
  ])

/** The inferred operations (§4 "Other operations"): where each lives, and its body's spelling. */
export const INFERRED_OPERATIONS = operationIds.filter((id) => 'inferred' in contract[id])
export type InferredOperation = (typeof INFERRED_OPERATIONS)[number]

/** The profile property of each inferred operation's body, keyed as in the deployment file. */
export const INFERRED_BODY_KEYS: Partial<Record<OperationId, Record<string, string>>> = {
  setTeamMode: { teamMode: 'teamMode' },
  presentActivity: { activityId: 'activityId' },
}

const Operation = z
  .strictObject({
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
    path: z
      .string()
      .regex(/^\/\S*$/, 'Expected a path relative to the API root, e.g. "/forms/{id}"'),
    body: z.union([spellingMap(['teamMode', 'activityId']), BodyFn]).optional(),
  })
  .nullable()

const Content = z.record(z.string(), z.unknown())

// The deployment's vocabulary: the names of what §2 leaves open (field kinds and their configs,
// templates, use cases, layouts, modes, activity contents), so checks, exploration and seeding send
// values this deployment knows. Declared here once; mock/deployment/vocabulary.ts applies it.

/** Every config key of the profile's field kinds: what a shared config spelling may rename. */
const configKeysOf = (kind: FieldKind) => Object.keys(FIELD_CONFIGS[kind].shape)
export const FIELD_CONFIG_KEYS = [...new Set(FIELD_KINDS.flatMap(configKeysOf))]

/** `(profileConfig) => config`: only in a TS/JS deployment module. */
const ConfigSpelling = (keys: readonly string[]) => z.union([spellingMap(keys), BodyFn])

/**
 * How this deployment offers one profile field kind: its own kind name (a string, or `kind`), how
 * it spells the profile's config (`config`: a spelling per config key, null leaves a key out; or a
 * function in a module), and a known-good config (`sample`) that the spelled config is merged over
 * (sent alone when nothing spells the config). `null`: the deployment has no such kind.
 */
const fieldEntry = (kind: FieldKind) =>
  z
    .union([
      z.string().min(1),
      z.strictObject({
        kind: z.string().min(1).optional(),
        config: ConfigSpelling(configKeysOf(kind)).optional(),
        sample: Content.optional(),
      }),
    ])
    .nullable()
    .optional()

const FieldVocabulary = z.strictObject({
  /** A config spelling every kind shares (e.g. `label` → `question`); a kind's own `config` wins. */
  config: ConfigSpelling(FIELD_CONFIG_KEYS).optional(),
  ...(Object.fromEntries(FIELD_KINDS.map((kind) => [kind, fieldEntry(kind)])) as Record<
    FieldKind,
    ReturnType<typeof fieldEntry>
  >),
})

/** Profile value → this deployment's value; null: it has no such value (left out of the body). */
const valueMap = <const V extends string>(values: readonly V[]) =>
  z.strictObject(
    Object.fromEntries(
      values.map((value) => [value, z.string().min(1).nullable().optional()]),
    ) as Record<V, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )

const Status = z.int().min(100).max(599)

export const DeploymentFile = z.strictObject({
  $schema: z.string().optional(),
  /** The release (§9) this deployment runs: a date or a release's name; `check --release` wins. */
  release: ReleaseKey.optional(),
  forms: z
    .strictObject({
      create: createSpelling('forms.create').optional(),
      /** The property wrapping the new config in PATCH /forms/{id}/fields/{fieldId}; null: the bare config. */
      replaceField: z.strictObject({ wrapper: Spelling }).optional(),
      /** A config this deployment accepts for a field of the submission kind (the one kind §2 names). */
      submissionConfig: Content.optional(),
      /** The field kinds: per profile kind, this deployment's name and config, or null. */
      fields: FieldVocabulary.optional(),
      /** Template names (POST /forms `template`); null: no such template. */
      templates: valueMap(FORM_TEMPLATES).optional(),
      /** Values of settings.useCase; null: left out (the deployment's default). */
      useCases: valueMap(USE_CASES).optional(),
      /** Values of settings.layout; null: left out (the deployment's default). */
      layouts: valueMap(LAYOUTS).optional(),
    })
    .refine(
      (forms) => forms.submissionConfig === undefined || forms.fields?.submission === undefined,
      {
        message:
          'give either submissionConfig or fields.submission (submissionConfig is the same as fields.submission: { "sample": … })',
        path: ['submissionConfig'],
      },
    )
    .optional(),
  sessions: z
    .strictObject({
      create: createSpelling('sessions.create').optional(),
      /** Values of `mode` (§2 names live and self-paced, not their spelling); null: left out. */
      modes: valueMap(MODES).optional(),
      /**
       * A valid content per activity kind (everything but `kind`), as this deployment spells it;
       * null: the deployment does not offer the kind. Also used inside a series' rounds.
       */
      activities: z
        .strictObject(
          Object.fromEntries(
            ACTIVITY_KINDS.map((kind) => [kind, Content.nullable().optional()]),
          ) as Record<ActivityKind, z.ZodOptional<z.ZodNullable<typeof Content>>>,
        )
        .optional(),
    })
    .optional(),
  series: z.strictObject({ create: createSpelling('series.create').optional() }).optional(),
  sponsors: z.strictObject({ create: createSpelling('sponsors.create').optional() }).optional(),
  /** Method and path of each inferred operation, or null: not offered. */
  operations: z
    .strictObject(
      Object.fromEntries(INFERRED_OPERATIONS.map((id) => [id, Operation.optional()])) as Record<
        InferredOperation,
        z.ZodOptional<typeof Operation>
      >,
    )
    .superRefine((operations, ctx) => {
      // The suite fills the profile's path parameters: a path must keep them. It may also carry
      // the operation's body parameters (`/sessions/{id}/activities/{activityId}/present`).
      for (const [id, operation] of Object.entries(operations)) {
        if (!operation) continue
        const expected = pathParamNames(contract[id as OperationId].path).sort()
        const movable = Object.keys(INFERRED_BODY_KEYS[id as OperationId] ?? {})
        const given = pathParamNames(operation.path).sort()
        const kept = given.filter((p) => !movable.includes(p))
        if (expected.join() !== kept.join() || new Set(given).size !== given.length) {
          const extra = movable.length
            ? ` (and, from the body, any of ${movable.map((p) => `{${p}}`).join(', ')})`
            : ''
          ctx.addIssue({
            code: 'custom',
            path: [id, 'path'],
            message: `expected the placeholders ${expected.map((p) => `{${p}}`).join(' and ') || '(none)'}${extra}, got "${operation.path}"`,
          })
        }
      }
    })
    .optional(),
  /** What to assert where the reference gives no value; otherwise only observed (or the profile under --strict). */
  expect: z
    .strictObject({
      /** Success status per operation. */
      statuses: z.partialRecord(z.enum(operationIds), Status).optional(),
      /** Status per error condition. */
      errors: z
        .partialRecord(z.enum(Object.keys(ERROR_CONDITIONS) as [ErrorCondition]), Status)
        .optional(),
      /** State names the reference does not give. */
      states: z
        .strictObject({
          formPublished: z.string().min(1).optional(),
          formClosed: z.string().min(1).optional(),
          sessionOpen: z.string().min(1).optional(),
          sessionEnded: z.string().min(1).optional(),
        })
        .optional(),
    })
    .optional(),
})
export type DeploymentFile = z.output<typeof DeploymentFile>

export { DeploymentError }

/** Keys starting with `//` are comments (JSON has no other way to carry them); they are dropped. */
const withoutComments = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutComments)
  if (typeof value !== 'object' || value === null || typeof value === 'function') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('//'))
      .map(([key, inner]) => [key, withoutComments(inner)]),
  )
}

const describeIssue = (issue: z.core.$ZodIssue): string => {
  const key = issue.path.map(String).join('.') || '(top level)'
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length > 0 ? `${key}.` : ''
    return `${issue.keys.map((k) => `${prefix}${k}`).join(', ')}: unknown key (expected one of the keys listed in docs/conformance.md, "Every key of the deployment file"; comments go under keys starting with "//")`
  }
  return `${key}: ${issue.message}`
}

/** Checks a deployment file's content; every problem is listed with its key. */
export const parseDeployment = (value: unknown, source: string): DeploymentFile => {
  const parsed = DeploymentFile.safeParse(withoutComments(value))
  if (!parsed.success) {
    throw new DeploymentError(
      `${source} is not a valid deployment file:\n${parsed.error.issues.map((i) => `  - ${describeIssue(i)}`).join('\n')}`,
    )
  }
  return parsed.data
}

/** The key of the deployment file that spells `property` of the create body of `section`. */
export const createKeyOf = (section: CreateSection, property: string): string | undefined => {
  const entry = Object.entries(CREATE_KEYS[section]).find(([, profile]) => profile === property)
  return entry ? `${section}.${entry[0]}` : undefined
}

/** A profile property of a create body (`publish`), as its key in `section`'s spelling map. */
type ProfileProperty<S extends CreateSection> =
  (typeof CREATE_KEYS)[S][keyof (typeof CREATE_KEYS)[S]]

/** The file key of a create body's profile property: `publish` → `forms.create.publishNow`. */
export const createKey = <S extends CreateSection>(section: S, property: ProfileProperty<S>) =>
  createKeyOf(section, property as string) ?? `${section}.${String(property)}`
