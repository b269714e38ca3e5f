import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  Activity,
  DocActivity,
  DocField,
  DocForm,
  DocFormSettings,
  DocRound,
  DocSeries,
  DocSession,
  DocSponsorReport,
  DocSponsorReportSummary,
  DocTeam,
  Field,
  Form,
  FormSettings,
  Round,
  Series,
  Session,
  SponsorReport,
  SponsorReportSummary,
  Team,
} from './index.ts'
import { resourceSamples } from './samples.ts'

const SESSION_FIELDS = [
  'id',
  'title',
  'status',
  'mode',
  'joinCode',
  'joinUrl',
  'screenUrl',
  'createdAt',
  'activities',
]
const REPORT_FIELDS = [
  'id',
  'title',
  'brandLabel',
  'slug',
  'publicUrl',
  'rangeStart',
  'rangeEnd',
  'generatedAt',
  'createdAt',
]
/** §2 of the reference: the fields of each resource, as its tables list them. */
const REFERENCE_FIELDS = {
  Form: [
    'id',
    'title',
    'description',
    'status',
    'joinCode',
    'slug',
    'shareUrl',
    'settings',
    'publishedAt',
    'createdAt',
    'fields',
  ],
  FormSettings: [
    'collectEmail',
    'emailRequired',
    'thankYouMessage',
    'redirectUrl',
    'showProgress',
    'useCase',
    'layout',
  ],
  Field: ['id', 'kind', 'config', 'order'],
  Session: SESSION_FIELDS,
  Activity: ['id', 'kind', 'config', 'order'],
  Team: ['id', 'name', 'color', 'order'],
  Series: ['id', 'title', 'status', 'joinCode', 'manageUrl', 'createdAt', 'teams', 'rounds'],
  /** "A Round has exactly the fields of a Session". */
  Round: SESSION_FIELDS,
  SponsorReport: [...REPORT_FIELDS, 'payload'],
  /** §4 GET /sponsors: the payload is omitted. */
  SponsorReportSummary: REPORT_FIELDS,
}
type ResourceName = keyof typeof REFERENCE_FIELDS

const LAYERS: Record<ResourceName, { documented: z.ZodType; profile: z.ZodType }> = {
  Form: { documented: DocForm, profile: Form },
  FormSettings: { documented: DocFormSettings, profile: FormSettings },
  Field: { documented: DocField, profile: Field },
  Session: { documented: DocSession, profile: Session },
  Activity: { documented: DocActivity, profile: Activity },
  Team: { documented: DocTeam, profile: Team },
  Series: { documented: DocSeries, profile: Series },
  Round: { documented: DocRound, profile: Round },
  SponsorReport: { documented: DocSponsorReport, profile: SponsorReport },
  SponsorReportSummary: { documented: DocSponsorReportSummary, profile: SponsorReportSummary },
}

/** The fields an object schema (or a union of object schemas) declares. */
const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> => {
  if (schema instanceof z.ZodObject) return schema.shape
  if (schema instanceof z.ZodUnion)
    return Object.assign({}, ...schema.options.map((o) => shapeOf(o as z.ZodType)))
  throw new TypeError('Not an object schema')
}

type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null'
const ONE_OF_EACH: Record<JsonType, unknown> = {
  string: 'text',
  number: 42,
  boolean: true,
  array: ['x'],
  object: { x: 1 },
  null: null,
}
/** The JSON types a schema declares, read from its JSON Schema (integer counts as number). */
const declaredTypes = (schema: z.ZodType): Set<JsonType> => {
  const root = z.toJSONSchema(schema, { unrepresentable: 'any' })
  const walk = (js: z.core.JSONSchema.BaseSchema): string[] => {
    // Schemas with a meta id come back as a reference into $defs.
    if (js.$ref) return walk(root.$defs?.[js.$ref.replace('#/$defs/', '')] ?? {})
    const branches = js.anyOf ?? js.oneOf
    if (branches) return branches.flatMap(walk)
    const types = js.type === undefined ? [] : [js.type].flat()
    return types.map((type) => (type === 'integer' ? 'number' : type))
  }
  return new Set(walk(root) as JsonType[])
}
/** For each field, one value of every JSON type the field does not declare. */
const wrongTypeRows = (schema: z.ZodType) =>
  Object.entries(shapeOf(schema)).flatMap(([key, fieldSchema]) => {
    const declared = declaredTypes(fieldSchema)
    return (Object.keys(ONE_OF_EACH) as JsonType[])
      .filter((type) => declared.size > 0 && !declared.has(type))
      .map((type) => ({ key, value: ONE_OF_EACH[type] }))
  })

/** A reference-conformant sample: the richest of a few seeded profile samples. */
const referenceSample = (name: ResourceName) =>
  fc
    .sample(resourceSamples[name] as fc.Arbitrary<Record<string, unknown>>, {
      seed: 42,
      numRuns: 30,
    })
    .reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a))

const names = Object.keys(REFERENCE_FIELDS) as ResourceName[]
const rows = names.flatMap((name) =>
  (['documented', 'profile'] as const).map((layer) => [name, layer] as const),
)

describe('resource schemas', () => {
  it.each(names)('the documented %s declares exactly the fields of the reference', (name) => {
    expect(Object.keys(shapeOf(LAYERS[name].documented)).sort()).toEqual(
      [...REFERENCE_FIELDS[name]].sort(),
    )
  })

  it.each(names)('the profile %s declares every field of the reference', (name) => {
    expect(Object.keys(shapeOf(LAYERS[name].profile))).toEqual(
      expect.arrayContaining(REFERENCE_FIELDS[name]),
    )
  })

  it.each(rows)('the %s %s schema accepts a reference-conformant sample', (name, layer) => {
    const result = LAYERS[name][layer].safeParse(referenceSample(name))
    expect(result.error).toBeUndefined()
  })

  it.each(rows)('the %s %s schema refuses a wrong type in any field', (name, layer) => {
    const schema = LAYERS[name][layer]
    const sample = referenceSample(name)
    const table = wrongTypeRows(schema)
    expect(new Set(table.map((row) => row.key))).toEqual(new Set(Object.keys(shapeOf(schema))))
    const accepted = table.filter(
      ({ key, value }) => schema.safeParse({ ...sample, [key]: value }).success,
    )
    expect(accepted).toEqual([])
  })

  it.each(rows)('the %s %s schema refuses a sample missing any reference field', (name, layer) => {
    const schema = LAYERS[name][layer]
    const sample = referenceSample(name)
    const accepted = REFERENCE_FIELDS[name].filter((key) => {
      const { [key]: _removed, ...rest } = sample
      return schema.safeParse(rest).success
    })
    expect(accepted).toEqual([])
  })

  it.each(names)(
    'the profile %s refuses an unknown property; the documented one keeps it',
    (name) => {
      const extended = { ...referenceSample(name), deploymentExtra: 'x' }
      expect(LAYERS[name].profile.safeParse(extended).success).toBe(false)
      expect(LAYERS[name].documented.parse(extended)).toMatchObject({ deploymentExtra: 'x' })
    },
  )
})

describe('the documented layer is permissive where the reference says "not shown"', () => {
  const form = referenceSample('Form')
  const session = referenceSample('Session')

  it('admits any form status, and a null publishedAt of a form never published', () => {
    for (const status of ['archived', 'published', 'closed', 'draft']) {
      expect(DocForm.safeParse({ ...form, status }).success).toBe(true)
    }
    expect(DocForm.safeParse({ ...form, status: 'draft', publishedAt: null }).success).toBe(true)
    expect(Form.safeParse({ ...form, status: 'archived' }).success).toBe(false)
  })

  it('admits any session mode spelling, field kind, config and team color', () => {
    expect(DocSession.safeParse({ ...session, mode: 'self-paced' }).success).toBe(true)
    expect(Session.safeParse({ ...session, mode: 'self-paced' }).success).toBe(false)
    const field = { id: 'f1', kind: 'signature', config: { anything: [1, 2] }, order: 0 }
    expect(DocField.safeParse(field).success).toBe(true)
    expect(Field.safeParse(field).success).toBe(false)
    expect(DocTeam.safeParse({ id: 't', name: 'Owls', color: 'red', order: 0 }).success).toBe(true)
  })

  it('admits any timestamp offset but not a date-time without one', () => {
    const createdAt = '2026-07-13T11:30:00+02:00'
    expect(DocForm.safeParse({ ...form, createdAt }).success).toBe(true)
    expect(Form.safeParse({ ...form, createdAt }).success).toBe(false)
    expect(DocForm.safeParse({ ...form, createdAt: '2026-07-13T11:30:00' }).success).toBe(false)
  })

  it('admits an all-time report that leaves both window keys out, not one alone', () => {
    const {
      rangeStart: _start,
      rangeEnd: _end,
      ...allTime
    } = referenceSample('SponsorReportSummary')
    expect(DocSponsorReportSummary.safeParse(allTime).success).toBe(true)
    expect(DocSponsorReportSummary.safeParse({ ...allTime, rangeEnd: null }).success).toBe(false)
    expect(SponsorReportSummary.safeParse(allTime).success).toBe(false)
  })

  it('still refuses a payload in a list summary (§4: omitted from list responses)', () => {
    const summary = referenceSample('SponsorReportSummary')
    expect(DocSponsorReportSummary.safeParse({ ...summary, payload: {} }).success).toBe(false)
  })
})
