import * as z from 'zod'
import { ACTIVITY_CONFIGS, ACTIVITY_KINDS, type ActivityKind } from '../../contract/activities.ts'
import { ERROR_CONDITIONS, type ErrorCondition } from '../../contract/errors.ts'
import { FIELD_CONFIGS, FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { LAYOUTS, USE_CASES } from '../../contract/form-settings.ts'
import { FORM_TEMPLATES } from '../../contract/forms.ts'
import { pathParamNames } from '../../contract/route.ts'
import { MODES } from '../../contract/sessions.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
import { concurrencyProblem } from './concurrency.ts'
import { DeploymentError } from './error.ts'
import { ReleaseKey } from './run-release.ts'

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
const SPELLING = 'expected a property name, a dotted path such as "window.start", or null'
/** What was given, short, for a message: `5`, `"a b"`, `an object`. */
const given = (value: unknown): string => {
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object' && value !== null) return 'an object'
  if (typeof value === 'function') return 'a function'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}
const Spelling = z
  .string({ error: (issue) => `${SPELLING}; got ${given(issue.input)}` })
  .refine((value) => value.split('.').every((segment) => PATH_SEGMENT.test(segment)), {
    error: (issue) => `${SPELLING}; got ${given(issue.input)}`,
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

const Content = z.record(z.string(), z.unknown(), {
  error: (issue) =>
    `expected an object (a content, as this deployment spells it); got ${given(issue.input)}`,
})

// The deployment's vocabulary: the names of what §2 leaves open (field kinds and their configs,
// templates, use cases, layouts, modes, activity contents), so checks, exploration and seeding send
// values this deployment knows. Declared here once; mock/deployment/vocabulary.ts applies it.

/** Every config key of the profile's field kinds: what a shared config spelling may rename. */
const configKeysOf = (kind: FieldKind) => Object.keys(FIELD_CONFIGS[kind].shape)
export const FIELD_CONFIG_KEYS = [...new Set(FIELD_KINDS.flatMap(configKeysOf))]

/** The content keys of each activity kind in the contract (what a content key map may rename). */
export const contentKeysOf = (kind: ActivityKind) => Object.keys(ACTIVITY_CONFIGS[kind].shape)
export const ACTIVITY_CONTENT_KEYS = [...new Set(ACTIVITY_KINDS.flatMap(contentKeysOf))]

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
      z
        .string({
          error: (issue) =>
            `expected this deployment's name of the kind (a string); got ${given(issue.input)}`,
        })
        .min(1, "expected this deployment's name of the kind, not an empty string"),
      z.strictObject(
        {
          kind: z.string().min(1).optional(),
          config: ConfigSpelling(configKeysOf(kind)).optional(),
          sample: Content.optional(),
        },
        {
          error: (issue) =>
            `an object { "kind", "config", "sample" }, or null (not offered); got ${given(issue.input)}`,
        },
      ),
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

/**
 * What --init saw of one kind: the content (a field: its config) it accepted, the keys refused one
 * by one (key → the answer), or the content refused even with its required keys only, as sent.
 */
const ProbeEntry = z.strictObject({
  accepted: Content.optional(),
  refusedKeys: z.record(z.string(), z.string()).optional(),
  refused: z.strictObject({ sent: Content, answer: z.string() }).optional(),
})
export type ProbeEntry = z.output<typeof ProbeEntry>

export const DeploymentFile = z.strictObject({
  $schema: z.string().optional(),
  /** The release (§9) this deployment runs: a date or a release's name; `check --release` wins. */
  release: ReleaseKey.optional(),
  /** Checks in flight at once against this deployment (1 to 64); `check --concurrency` wins. */
  concurrency: z
    .custom<number>((value) => concurrencyProblem(value) === undefined, {
      error: (issue) => `${concurrencyProblem(issue.input)}; got ${given(issue.input)}`,
    })
    .optional(),
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
      /**
       * Per activity kind, where this deployment keeps each of the contract's content keys (a
       * property or a dotted path; null: it has no such key), as `forms.fields.<kind>.config` does
       * for fields: what an import reads recorded contents back with. Sending still uses the
       * `activities` sample above, which a key map cannot replace (types may differ too).
       */
      contents: z
        .strictObject(
          Object.fromEntries(
            ACTIVITY_KINDS.map((kind) => [kind, spellingMap(contentKeysOf(kind)).optional()]),
          ) as Record<ActivityKind, z.ZodOptional<ReturnType<typeof spellingMap<string>>>>,
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
  /**
   * What `check --init` saw this deployment refuse of the contents seed and exploration send, per
   * kind; `seed --deployment` refuses up front to send what it saw refused. Written by --init.
   */
  probe: z
    .strictObject({
      activities: z
        .strictObject(
          Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind, ProbeEntry.optional()])) as Record<
            ActivityKind,
            z.ZodOptional<typeof ProbeEntry>
          >,
        )
        .optional(),
      fields: z
        .strictObject(
          Object.fromEntries(FIELD_KINDS.map((kind) => [kind, ProbeEntry.optional()])) as Record<
            FieldKind,
            z.ZodOptional<typeof ProbeEntry>
          >,
        )
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

/**
 * The issues that say what is wrong, each with its whole key path. A union (a spelling map or a
 * function; a kind's name or its entry) reports "Invalid input" at its own key: the branch that got
 * furthest into the value says which key inside it is at fault and what it expects.
 */
const leafIssues = (
  issue: z.core.$ZodIssue,
  prefix: readonly PropertyKey[],
): z.core.$ZodIssue[] => {
  const path = [...prefix, ...issue.path]
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ ...issue, path }]
  const depth = (branch: readonly z.core.$ZodIssue[]) =>
    Math.max(...branch.map((i) => i.path.length + (i.code === 'invalid_union' ? 1 : 0)))
  // A function branch only applies to modules: in a tie the spelling map's issues say more.
  const useful = issue.errors.filter(
    (branch) => !branch.every((i) => i.code === 'custom' && /function/.test(i.message)),
  )
  const branches = useful.length > 0 ? useful : issue.errors
  const best = branches.reduce((a, b) => (depth(b) > depth(a) ? b : a))
  if (depth(best) === 0 && branches.length > 1) {
    // Nothing of the value matched any branch: say every shape it may take.
    const messages = branches.flatMap((b) => b.map((i) => i.message))
    const got = messages.map((m) => /; got .*$/.exec(m)?.[0]).find(Boolean) ?? ''
    const shapes = messages.map((m) => m.replace(/; got .*$/, '').replace(/^expected /, ''))
    return [{ ...issue, path, message: `expected ${[...new Set(shapes)].join(', or ')}${got}` }]
  }
  return best.flatMap((inner) => leafIssues(inner, path))
}

const describeIssue = (issue: z.core.$ZodIssue): string => {
  const key = issue.path.map(String).join('.') || '(top level)'
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length > 0 ? `${key}.` : ''
    return `${issue.keys.map((k) => `${prefix}${k}`).join(', ')}: unknown key (expected one of the keys listed in docs/conformance.md, "Every key of the deployment file"; comments go under keys starting with "//")`
  }
  // zod says "received undefined" of a key that is not there: say it is missing.
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return `${key}: missing (expected ${issue.expected === 'string' ? 'a string' : issue.expected === 'object' ? 'an object' : issue.expected})`
  }
  return `${key}: ${issue.message}`
}

/** How deep a deployment file may nest: its deepest key is 5 levels; a content a few more. */
export const MAX_DEPTH = 64

/**
 * The key path at which `value` nests deeper than MAX_DEPTH, found without recursion (a file nested
 * 100,000 levels deep must not overflow the stack), or undefined. A module's cyclic object is
 * reported the same way.
 */
const tooDeep = (value: unknown): string | undefined => {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value, path: '', depth: 0 },
  ]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue
    if (item.depth >= MAX_DEPTH) return item.path || '(top level)'
    for (const [key, inner] of Object.entries(item.value)) {
      if (typeof inner === 'object' && inner !== null) {
        stack.push({
          value: inner,
          path: item.path ? `${item.path}.${key}` : key,
          depth: item.depth + 1,
        })
      }
    }
  }
  return undefined
}

/** The first segments of a long path: the reader needs where it starts, not 100,000 zeros. */
const shortPath = (path: string): string => {
  const segments = path.split('.')
  return segments.length > 8
    ? `${segments.slice(0, 6).join('.')}.… (${segments.length} keys deep)`
    : path
}

/** Checks a deployment file's content; every problem is listed with its key. */
export const parseDeployment = (value: unknown, source: string): DeploymentFile => {
  const deep = tooDeep(value)
  if (deep !== undefined) {
    throw new DeploymentError(
      `${source} is not a valid deployment file:\n  - ${shortPath(deep)}: nested deeper than ${MAX_DEPTH} levels (expected a deployment file: its keys go at most a few levels deep, see docs/usage.md).`,
    )
  }
  const parsed = DeploymentFile.safeParse(withoutComments(value))
  if (!parsed.success) {
    throw new DeploymentError(
      `${source} is not a valid deployment file:\n${parsed.error.issues
        .flatMap((i) => leafIssues(i, []))
        .map((i) => `  - ${describeIssue(i)}`)
        .join('\n')}`,
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
