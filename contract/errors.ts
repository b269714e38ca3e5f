import * as z from 'zod'

/** §7 documented layer: the two error shapes, open to extra properties a deployment may add. */
export const DocPlainError = z.looseObject({ error: z.string() })
export const DocValidationError = z.looseObject({
  error: z.string(),
  issues: z.array(z.looseObject({ path: z.array(z.unknown()), message: z.string() })),
})

/** Profile: exactly these keys, nothing more. `issues[].path` is the path inside the request body. */
export const PlainError = z
  .strictObject({ error: z.string().min(1) })
  .meta({ id: 'PlainError', example: { error: 'Form frm_a1b2c3d4e5f6 was not found.' } })
export const Issue = z.strictObject({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string().min(1),
})
export const ValidationError = z
  .strictObject({ error: z.string().min(1), issues: z.array(Issue) })
  .meta({
    id: 'ValidationError',
    example: {
      error: 'The request body is invalid.',
      issues: [
        { path: ['config', 'options'], message: 'Too small: expected array to have >=2 items' },
      ],
    },
  })
export type PlainError = z.infer<typeof PlainError>
export type ValidationError = z.infer<typeof ValidationError>
export type Issue = z.infer<typeof Issue>

/** The error shape an operation answers every error with (§7: five operations use the validation shape). */
export type ErrorShape = 'validation' | 'plain'
export const errorSchemas = {
  validation: { documented: DocValidationError, profile: ValidationError },
  plain: { documented: DocPlainError, profile: PlainError },
} as const

/**
 * Every way a request can fail, and the profile's status for each (§7 leaves codes open).
 * The five conditions §7 names are marked `known`.
 */
export const ERROR_CONDITIONS = {
  malformed_json: { status: 400, known: false, summary: 'The body is not valid JSON.' },
  invalid_body: { status: 400, known: false, summary: 'The body fails the operation schema.' },
  invalid_field_config: {
    status: 400,
    known: true,
    summary: '§7.2 A field config fails the schema of its kind.',
  },
  incomplete_reorder: {
    status: 400,
    known: true,
    summary: '§7.3 Reorder list is not the complete set of field ids.',
  },
  unauthorized: { status: 401, known: false, summary: 'Missing, malformed or unknown API key.' },
  missing_entitlement: {
    status: 403,
    known: true,
    summary: '§7.5 The organization lacks the needed entitlement.',
  },
  not_found: { status: 404, known: false, summary: "Unknown id, or another organization's id." },
  publish_without_field: {
    status: 409,
    known: true,
    summary: '§7.1 Publishing a form that has no field.',
  },
  team_not_allowed: {
    status: 409,
    known: true,
    summary: '§7.4 Team on a session that is not a draft in team mode.',
  },
  state_conflict: {
    status: 409,
    known: false,
    summary: 'A transition the current state does not allow.',
  },
  duplicate_team_name: {
    status: 409,
    known: false,
    summary: 'A team name already used in this session or series.',
  },
  limit_exceeded: { status: 409, known: false, summary: 'A count beyond the profile maximum.' },
  unknown_route: { status: 404, known: false, summary: 'No operation at this path.' },
  method_not_allowed: {
    status: 405,
    known: false,
    summary: 'The path exists, but not with this method.',
  },
  payload_too_large: { status: 413, known: false, summary: 'A body over 1 MiB.' },
  unsupported_media_type: {
    status: 415,
    known: false,
    summary: 'A body that is not application/json.',
  },
  internal: { status: 500, known: false, summary: 'An unexpected fault inside the mock.' },
} as const
export type ErrorCondition = keyof typeof ERROR_CONDITIONS

/** Conditions any operation can meet, whatever it does. */
export const UNIVERSAL_CONDITIONS = ['unauthorized'] as const satisfies readonly ErrorCondition[]
/** Conditions every operation that takes a body can meet. */
export const BODY_CONDITIONS = [
  'malformed_json',
  'invalid_body',
  'payload_too_large',
  'unsupported_media_type',
] as const satisfies readonly ErrorCondition[]
