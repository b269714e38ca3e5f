import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import * as z from 'zod'
import { API_PREFIX, exampleId, type IdKind } from './common.ts'
import { ERROR_CONDITIONS, type ErrorCondition, errorSchemas, ValidationError } from './errors.ts'
import { RESOURCE_EXAMPLES } from './examples.ts'
import { contractIn } from './release-table.ts'
import { addedAfter, LATEST_RELEASE, type Release } from './releases.ts'
import { pathParamNames, type RouteDef } from './route.ts'
import { conditionsOf, unsupportedPreference } from './route-errors.ts'
import { CONDITION_SUMMARIES, OPERATION_SUMMARIES } from './summaries.ts'
import type { OperationId } from './table.ts'

/** The record a path parameter names: `{fieldId}` a field, `{id}` one of the collection its path starts with. */
const PARAM_RECORDS: Readonly<Record<string, IdKind>> = {
  fieldId: 'field',
  forms: 'form',
  sessions: 'session',
}
const paramExample = (path: string, name: string): string => {
  const kind = PARAM_RECORDS[name === 'id' ? (path.split('/')[1] ?? '') : name]
  if (!kind) throw new TypeError(`No record named for the parameter {${name}} of ${path}`)
  return exampleId(kind)
}

/**
 * The example of a value of `schema`: its resource's (examples.ts), its own (`.meta({ example })`),
 * or an envelope or list of those. Anything else throws: a new answer gets an example, or the
 * document is not built.
 */
const exampleOf = (schema: z.ZodType): unknown => {
  const meta = schema.meta()
  const id = typeof meta?.id === 'string' ? meta.id : undefined
  if (id !== undefined && id in RESOURCE_EXAMPLES) return RESOURCE_EXAMPLES[id]
  if (meta?.example !== undefined) return meta.example
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(
      Object.entries(schema.shape).map(([key, value]) => [key, exampleOf(value as z.ZodType)]),
    )
  }
  if (schema instanceof z.ZodArray) return [exampleOf(schema.element as z.ZodType)]
  if (schema instanceof z.ZodLiteral) return schema.value
  throw new TypeError(`No example for a ${schema.def.type} schema${id ? ` (${id})` : ''}`)
}

/** A status no operation documents: what the refusal of `Prefer: code=` shows. */
const UNDOCUMENTED_CODE = 418

/** An answer of `condition` by `route`: its summary as the message; the body's issues where it has some. */
const errorExample = (route: RouteDef, condition: ErrorCondition) => {
  const error =
    condition === 'unsupported_preference'
      ? unsupportedPreference(UNDOCUMENTED_CODE, route)
      : CONDITION_SUMMARIES[condition].replace(/^§7\.\d /, '')
  if (route.errorShape === 'plain') return { error }
  const bodyIssues = condition === 'invalid_body' || condition === 'invalid_field_config'
  return {
    error,
    issues: bodyIssues ? ValidationError.parse(exampleOf(ValidationError)).issues : [],
  }
}

const describe = (conditions: ErrorCondition[]) =>
  conditions.map((c) => `\`${c}\`: ${CONDITION_SUMMARIES[c]}`).join(' ')

/** What an earlier release's document says about itself: which release, and what came later. */
const releaseNote = (release: Release): string =>
  ` This document describes release ${release} of the API (§9); later releases added ${addedAfter(release)}.`

/**
 * The OpenAPI 3.1 document, generated from the endpoint table; never edited by hand. With an
 * earlier `release` than the latest, that release's table (contract/release-table.ts): only its
 * operations, only its activity kinds, and the release named in `info`.
 */
export const buildOpenApiDocument = (options: { serverUrl?: string; release?: Release } = {}) => {
  const release = options.release ?? LATEST_RELEASE
  const earlier = release !== LATEST_RELEASE
  const registry = new OpenAPIRegistry()
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key of the organization (§5). Demo keys: `acme-demo-key`, `globex-demo-key`.',
  })

  for (const [operationId, route] of Object.entries(contractIn(release)) as [string, RouteDef][]) {
    const byStatus = new Map<number, ErrorCondition[]>()
    for (const condition of conditionsOf(route)) {
      const { status } = ERROR_CONDITIONS[condition]
      byStatus.set(status, [...(byStatus.get(status) ?? []), condition])
    }
    const errorSchema = errorSchemas[route.errorShape].profile
    const names = pathParamNames(route.path)
    registry.registerPath({
      operationId,
      method: route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete',
      path: route.path,
      summary: OPERATION_SUMMARIES[operationId as OperationId],
      description: `${route.section}.${route.inferred ? " Inferred: the reference names this operation but shows no path or shape; this is the profile's choice." : ''}${route.entitlement ? ` Requires the \`${route.entitlement}\` entitlement.` : ''}`,
      tags: [route.path.split('/')[1] ?? 'other'],
      security: [{ [bearer.name]: [] }],
      ...(route.inferred ? { 'x-inferred': true } : {}),
      ...(route.entitlement ? { 'x-entitlement': route.entitlement } : {}),
      'x-error-shape': route.errorShape,
      request: {
        ...(names.length
          ? {
              params: z.object(
                Object.fromEntries(
                  names.map((n) => [
                    n,
                    z.string().meta({ param: { example: paramExample(route.path, n) } }),
                  ]),
                ),
              ),
            }
          : {}),
        ...(route.body
          ? {
              body: {
                required: true,
                content: {
                  'application/json': {
                    schema: route.body.profile,
                    examples: { request: { value: exampleOf(route.body.profile) } },
                  },
                },
              },
            }
          : {}),
      },
      responses: {
        [route.success.status]: {
          description: 'Success',
          content: {
            'application/json': {
              schema: route.success.profile,
              examples: { success: { value: exampleOf(route.success.profile) } },
            },
          },
        },
        ...Object.fromEntries(
          [...byStatus].map(([status, conditions]) => [
            status,
            {
              description: describe(conditions),
              content: {
                'application/json': {
                  schema: errorSchema,
                  examples: Object.fromEntries(
                    conditions.map((condition) => [
                      condition,
                      {
                        summary: CONDITION_SUMMARIES[condition],
                        value: errorExample(route, condition),
                      },
                    ]),
                  ),
                },
              },
            },
          ]),
        ),
      },
    })
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Engagement Service API (mock profile)',
      version: '1.0.0',
      description:
        'Generated from the zod contract. Operations marked `x-inferred` are not given by the reference; ' +
        "their paths and shapes are this profile's choice." +
        (earlier ? releaseNote(release) : ''),
      ...(earlier ? { 'x-release': release } : {}),
    },
    servers: [{ url: options.serverUrl ?? `http://localhost:4010${API_PREFIX}` }],
  })
}
