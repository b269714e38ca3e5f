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
  malformed_json: { status: 400, known: false },
  invalid_body: { status: 400, known: false },
  invalid_field_config: { status: 400, known: true },
  incomplete_reorder: { status: 400, known: true },
  unauthorized: { status: 401, known: false },
  missing_entitlement: { status: 403, known: true },
  not_found: { status: 404, known: false },
  publish_without_field: { status: 409, known: true },
  team_not_allowed: { status: 409, known: true },
  state_conflict: { status: 409, known: false },
  duplicate_team_name: { status: 409, known: false },
  limit_exceeded: { status: 409, known: false },
  unknown_route: { status: 404, known: false },
  method_not_allowed: { status: 405, known: false },
  payload_too_large: { status: 413, known: false },
  unsupported_media_type: { status: 415, known: false },
  internal: { status: 500, known: false },
  unsupported_preference: { status: 400, known: false },
  unavailable: { status: 503, known: false },
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
/**
 * Conditions only chaos on demand meets (docs/mock.md): `Prefer: code=` naming a status the
 * operation does not document, and the 503 of `--fail-rate` or `Prefer: code=503`. Any operation
 * of the mock can answer them, so the OpenAPI document lists them; no request meets them otherwise.
 */
export const CHAOS_CONDITIONS = [
  'unsupported_preference',
  'unavailable',
] as const satisfies readonly ErrorCondition[]
