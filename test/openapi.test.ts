import { readFileSync } from 'node:fs'
import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  activityKindsIn,
  buildOpenApiDocument,
  contract,
  contractIn,
  errorSchemas,
  LATEST_RELEASE,
  type OperationId,
  operationIds,
  operationsIn,
  pathParamNames,
  RELEASES,
  type RouteDef,
} from '../contract/index.ts'
import { ACME_KEY, organizationsOnly } from '../fixtures/index.ts'
import { createMockCore } from '../mock/create.ts'

const committedText = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')
/** Serialized exactly as `engagement-mock openapi --out` writes it. */
const generatedText = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`

const Operation = z.looseObject({
  operationId: z.string(),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  'x-inferred': z.literal(true).optional(),
  'x-entitlement': z.string().optional(),
  responses: z.record(z.string(), z.looseObject({ content: z.unknown().optional() })),
})
/** The parts of the document these tests read. */
const Document = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), Operation)),
  components: z.looseObject({
    schemas: z.record(z.string(), z.unknown()),
    securitySchemes: z.record(z.string(), z.looseObject({ type: z.string(), scheme: z.string() })),
  }),
})
const doc = Document.parse(JSON.parse(generatedText))
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
)
const byId = (id: string) => {
  const found = operations.find((operation) => operation.operationId === id)
  if (!found) throw new Error(`No operation ${id} in the document`)
  return found
}
const routes = Object.entries(contract) as [OperationId, RouteDef][]
const schemaRefOf = (response: { content?: unknown }) =>
  z
    .object({ 'application/json': z.object({ schema: z.object({ $ref: z.string() }) }) })
    .parse(response.content)['application/json'].schema.$ref

describe('openapi.json', () => {
  it('is the committed copy of the document generated from the contract', () => {
    expect(
      committedText,
      'openapi.json is out of date with the contract: run `npm run openapi` and commit the result',
    ).toBe(generatedText)
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(JSON.parse(generatedText)))
    expect(result.valid ? '' : compileErrors(result)).toBe('')
    expect(result.specification).toBe('OpenAPI')
  })

  it('has all 25 operations, one per operationId of the contract, at its method and path', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      [...operationIds].sort(),
    )
    expect(operations).toHaveLength(25)
    for (const [id, route] of routes) {
      expect(byId(id), id).toMatchObject({ method: route.method.toLowerCase(), path: route.path })
    }
  })

  it('requires the bearer scheme on every operation', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    for (const operation of operations) {
      expect(operation.security, operation.operationId).toEqual([{ bearerAuth: [] }])
    }
  })

  it('marks x-inferred on exactly the five inferred operations', () => {
    expect(
      operations
        .filter((operation) => operation['x-inferred'])
        .map((operation) => operation.operationId)
        .sort(),
    ).toEqual(
      ['deleteForm', 'listFormResponses', 'presentActivity', 'removeField', 'setTeamMode'].sort(),
    )
  })

  it('marks x-entitlement on the two entitled operations only', () => {
    const entitled = operations.filter((operation) => operation['x-entitlement'])
    expect(
      Object.fromEntries(
        entitled.map((operation) => [operation.operationId, operation['x-entitlement']]),
      ),
    ).toEqual({ createSeries: 'series', createSponsorReport: 'data_export_analytics' })
  })

  it.each(routes)(
    '%s documents its success status and answers every error with its shape',
    (id, route) => {
      const { responses } = byId(id)
      const statuses = Object.keys(responses).map(Number)
      expect(statuses.filter((status) => status < 400)).toEqual([route.success.status])
      const shape = route.errorShape === 'validation' ? 'ValidationError' : 'PlainError'
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(schemaRefOf(responses[status] ?? {}), `${id} ${status}`).toBe(
          `#/components/schemas/${shape}`,
        )
      }
    },
  )

  it('has both error shapes and every resource as components', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'PlainError',
        'ValidationError',
        'Form',
        'Field',
        'Session',
        'Activity',
        'Team',
        'Series',
        'Round',
        'SponsorReport',
        'SponsorReportSummary',
        'FormSettings',
      ]),
    )
  })
})

describe('examples for example-driven tools (Dredd, Portman, Prism)', () => {
  const MediaType = z.looseObject({
    examples: z.record(z.string(), z.looseObject({ value: z.unknown() })).optional(),
  })
  const Exemplified = z.looseObject({
    operationId: z.string(),
    parameters: z
      .array(z.looseObject({ name: z.string(), in: z.string(), example: z.unknown() }))
      .optional(),
    requestBody: z.looseObject({ content: z.record(z.string(), MediaType) }).optional(),
    responses: z.record(z.string(), z.looseObject({ content: z.record(z.string(), MediaType) })),
  })
  /** Every operation of a release's document, with its route in that release's table. */
  const operationsOf = (release: (typeof RELEASES)[number]) => {
    const table = contractIn(release) as Record<string, RouteDef>
    const document = z
      .object({ paths: z.record(z.string(), z.record(z.string(), Exemplified)) })
      .parse(JSON.parse(JSON.stringify(buildOpenApiDocument({ release }))))
    return Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => {
        const route = table[operation.operationId]
        if (!route) throw new Error(`${operation.operationId} is not in the table of ${release}`)
        return { operation, route }
      }),
    )
  }

  it.each(RELEASES)(
    '%s: every path parameter has an example of a record of its kind',
    (release) => {
      for (const { operation, route } of operationsOf(release)) {
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path')
        expect(
          params.map((p) => p.name),
          operation.operationId,
        ).toEqual(pathParamNames(route.path))
        for (const param of params) {
          const kind =
            param.name === 'fieldId' ? 'fld' : route.path.startsWith('/forms') ? 'frm' : 'ses'
          expect(param.example, `${operation.operationId} {${param.name}}`).toMatch(
            new RegExp(`^${kind}_[a-z0-9]{12}$`),
          )
        }
      }
    },
  )

  it.each(RELEASES)(
    '%s: every request and response media type has examples its profile schema accepts',
    (release) => {
      for (const { operation, route } of operationsOf(release)) {
        const id = operation.operationId
        const media = [
          ...(route.body
            ? [[`${id} request`, operation.requestBody?.content, route.body.profile] as const]
            : []),
          ...Object.entries(operation.responses).map(
            ([status, response]) =>
              [
                `${id} ${status}`,
                response.content,
                Number(status) < 400
                  ? route.success.profile
                  : errorSchemas[route.errorShape].profile,
              ] as const,
          ),
        ]
        for (const [where, content, schema] of media) {
          const examples = Object.values(content?.['application/json']?.examples ?? {})
          expect(examples.length, `${where} has no examples`).toBeGreaterThan(0)
          for (const example of examples) {
            const parsed = schema.safeParse(example.value)
            expect(
              parsed.error?.issues ?? [],
              `${where}: ${JSON.stringify(example.value)}`,
            ).toEqual([])
          }
        }
      }
    },
  )

  it('shows the refusal of an undocumented Prefer code as the mock words it', async () => {
    const { responses } = byId('listForms')
    const example = z.object({ value: z.object({ error: z.string() }) }).parse(
      z
        .object({
          'application/json': z.object({ examples: z.record(z.string(), z.unknown()) }),
        })
        .parse(responses[400]?.content)['application/json'].examples.unsupported_preference,
    )
    const answer = await createMockCore({ plan: organizationsOnly() }).handle({
      method: 'GET',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}`, prefer: 'code=418' },
    })
    expect(answer.body).toEqual(example.value)
  })
})

describe('what the mock can answer (Prefer: code=, --fail-rate), every operation documents', () => {
  const plan = organizationsOnly()
  /** One request to `route` (any id: a forced answer comes before the lookup), with `prefer`. */
  const ask = (mock: ReturnType<typeof createMockCore>, route: RouteDef, prefer?: string) =>
    mock.handle({
      method: route.method,
      path: route.path.replace(/\{\w+\}/g, 'frm_zzzzzzzzzzzz'),
      headers: { authorization: `Bearer ${ACME_KEY}`, ...(prefer ? { prefer } : {}) },
    })
  const documented = (id: string) =>
    Object.keys(byId(id).responses)
      .map(Number)
      .filter((status) => status >= 400)

  it.each(routes)(
    '%s: each documented error status on demand, and nothing else',
    async (id, route) => {
      const mock = createMockCore({ plan })
      for (const status of documented(id)) {
        expect((await ask(mock, route, `code=${status}`)).status, `code=${status}`).toBe(status)
      }
      for (const status of [402, 409, 418, 429, 502, 599].filter(
        (s) => !documented(id).includes(s),
      )) {
        const answer = await ask(mock, route, `code=${status}`)
        expect(documented(id), `code=${status} answered ${answer.status}`).toContain(answer.status)
        expect(answer.status).not.toBe(status)
      }
    },
  )

  it.each(routes)('%s: the failure rate answers a status it documents', async (id, route) => {
    const answer = await ask(createMockCore({ plan, failRate: 1 }), route)
    expect(answer.status).toBe(503)
    expect(documented(id)).toContain(503)
  })
})

describe('the document of an earlier release (openapi --release, /openapi.json of serve --release)', () => {
  const ofRelease = (release: 'initial' | '2026-07-11') =>
    Document.parse(JSON.parse(JSON.stringify(buildOpenApiDocument({ release }))))
  const idsOf = (document: z.infer<typeof Document>) =>
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    )
  /** The kinds a oneOf of activity objects lists: `kind: { enum: [k] }` per variant. */
  const kindsOf = (schema: unknown) =>
    z
      .object({
        oneOf: z.array(
          z.object({ properties: z.object({ kind: z.object({ enum: z.tuple([z.string()]) }) }) }),
        ),
      })
      .parse(schema)
      .oneOf.map((variant) => variant.properties.kind.enum[0])

  it.each(['initial', '2026-07-11'] as const)(
    '%s is a valid OpenAPI 3.1 document of its own operations',
    async (release) => {
      const document = buildOpenApiDocument({ release })
      const result = await validate(JSON.parse(JSON.stringify(document)))
      expect(result.valid ? '' : compileErrors(result)).toBe('')
      expect(idsOf(ofRelease(release)).sort()).toEqual([...operationsIn(release)].sort())
      expect(idsOf(ofRelease(release))).not.toContain('createSeries')
      expect(JSON.stringify(document.paths)).not.toMatch(/\/(series|sponsors)/)
      expect(document.info).toMatchObject({ 'x-release': release })
      expect(document.info.description).toContain(`release ${release}`)
    },
  )

  it('lists only the kinds of its release in Activity and ActivityInput', () => {
    for (const release of ['initial', '2026-07-11'] as const) {
      const { schemas } = ofRelease(release).components
      expect(kindsOf(schemas.Activity), release).toEqual(activityKindsIn(release))
      expect(kindsOf(schemas.ActivityInput), release).toEqual(activityKindsIn(release))
    }
    expect(kindsOf(doc.components.schemas.Activity)).toContain('slides')
  })

  it('is the default document for the latest release, named or not', () => {
    expect(`${JSON.stringify(buildOpenApiDocument({ release: LATEST_RELEASE }), null, 2)}\n`).toBe(
      committedText,
    )
    expect(doc).not.toHaveProperty('info.x-release')
  })
})
