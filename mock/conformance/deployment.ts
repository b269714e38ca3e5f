import * as z from 'zod'
import { ACTIVITY_KINDS, type ActivityKind } from '../../contract/activities.ts'
import { ERROR_CONDITIONS, type ErrorCondition } from '../../contract/errors.ts'
import { pathParamNames } from '../../contract/route.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
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
    })
    .optional(),
  sessions: z
    .strictObject({
      create: createSpelling('sessions.create').optional(),
      /** A valid content per activity kind (everything but `kind`), as this deployment spells it. */
      activities: z
        .strictObject(
          Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind, Content.optional()])) as Record<
            ActivityKind,
            z.ZodOptional<typeof Content>
          >,
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
      // The suite fills the profile's path parameters: a path must keep them.
      for (const [id, operation] of Object.entries(operations)) {
        if (!operation) continue
        const expected = pathParamNames(contract[id as OperationId].path).sort()
        const given = pathParamNames(operation.path).sort()
        if (expected.join() !== given.join()) {
          ctx.addIssue({
            code: 'custom',
            path: [id, 'path'],
            message: `expected the placeholders ${expected.map((p) => `{${p}}`).join(' and ') || '(none)'}, got "${operation.path}"`,
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

/** A deployment file that cannot be used: names the file, the key and what was expected. */
export class DeploymentError extends Error {
  override name = 'DeploymentError'
}

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
    return `${issue.keys.map((k) => `${prefix}${k}`).join(', ')}: unknown key (expected one of the keys documented in docs/usage.md; comments go under keys starting with "//")`
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
