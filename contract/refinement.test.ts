import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  ACTIVITY_KINDS,
  contract,
  DocActivity,
  DocField,
  DocForm,
  DocFormSettings,
  DocObject,
  DocPlainError,
  DocRound,
  DocSeries,
  DocSession,
  DocSponsorReport,
  DocSponsorReportSummary,
  DocTeam,
  DocValidationError,
  errorSchemas,
  FIELD_KINDS,
  FORM_STATUSES,
  MODES,
  type OperationId,
  type RouteDef,
  SESSION_STATUSES,
} from './index.ts'
import {
  activity,
  bodySamples,
  field,
  form,
  formResponse,
  resourceSamples,
  type SampleName,
  sampleSchemas,
  series,
  session,
  sponsorReport,
  sponsorReportSummary,
  team,
} from './samples.ts'

/**
 * The refinement proof: every profile-valid value is also valid under the documented schema,
 * so anything the mock emits or accepts stays inside what the reference allows.
 */
const SEED = 20260713
const NUM_RUNS = 1000
type Arb = fc.Arbitrary<unknown>

const expectValid = (schema: z.ZodType, value: unknown, layer: string) => {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new Error(`${layer} schema refused it:\n${z.prettifyError(result.error)}`)
  return result.data
}
const forAll = (arb: Arb, check: (value: unknown) => void) =>
  fc.assert(
    fc.property(arb, (value) => {
      check(value)
    }),
    { seed: SEED, numRuns: NUM_RUNS },
  )

/** The documented counterpart of each sample; an open object where the reference shows no shape. */
const documentedOf = {
  Form: DocForm,
  Field: DocField,
  FormSettings: DocFormSettings,
  FormResponse: DocObject,
  Session: DocSession,
  Activity: DocActivity,
  Team: DocTeam,
  Series: DocSeries,
  Round: DocRound,
  SponsorReport: DocSponsorReport,
  SponsorReportSummary: DocSponsorReportSummary,
  SponsorPayload: DocObject,
  PlainError: DocPlainError,
  ValidationError: DocValidationError,
  CreateFormBody: contract.createForm.body.documented,
  UpdateFormBody: contract.updateForm.body.documented,
  FormSettingsInput: contract.replaceFormSettings.body.documented,
  FieldInput: contract.addField.body.documented,
  FieldConfigReplace: contract.replaceFieldConfig.body.documented,
  ReorderFieldsBody: contract.reorderFields.body.documented,
  CreateSessionBody: contract.createSession.body.documented,
  ActivityInput: contract.addActivity.body.documented,
  TeamInput: contract.addTeam.body.documented,
  SetTeamModeBody: contract.setTeamMode.body.documented,
  PresentActivityBody: contract.presentActivity.body.documented,
  CreateSeriesBody: contract.createSeries.body.documented,
  RoundInput: DocObject,
  CreateSponsorReportBody: contract.createSponsorReport.body.documented,
} satisfies Record<SampleName, z.ZodType>

describe('every profile-valid sample is valid under the documented schema', () => {
  it.each(Object.keys(resourceSamples) as (keyof typeof resourceSamples)[])(
    '%s (resource: parsing also gives it back unchanged)',
    (name) => {
      forAll(resourceSamples[name], (value) => {
        expect(expectValid(sampleSchemas[name], value, 'profile')).toStrictEqual(value)
        expectValid(documentedOf[name], value, 'documented')
      })
    },
  )
  it.each(Object.keys(bodySamples) as (keyof typeof bodySamples)[])('%s (request body)', (name) => {
    forAll(bodySamples[name], (value) => {
      expectValid(sampleSchemas[name], value, 'profile')
      expectValid(documentedOf[name], value, 'documented')
    })
  })

  it('samples reach every field kind, activity kind, status, mode and team mode', () => {
    const forms = fc.sample(form, { seed: SEED, numRuns: NUM_RUNS })
    const sessions = fc.sample(session, { seed: SEED, numRuns: NUM_RUNS })
    const seen = <T>(list: T[]) => [...new Set(list)].sort()
    expect(seen(forms.flatMap((f) => f.fields.map((x) => x.kind)))).toEqual([...FIELD_KINDS].sort())
    expect(seen(forms.map((f) => f.status))).toEqual([...FORM_STATUSES].sort())
    expect(seen(sessions.flatMap((s) => s.activities.map((a) => a.kind)))).toEqual(
      [...ACTIVITY_KINDS].sort(),
    )
    expect(seen(sessions.map((s) => s.status))).toEqual([...SESSION_STATUSES].sort())
    expect(seen(sessions.map((s) => s.mode))).toEqual([...MODES].sort())
    expect(sessions.some((s) => s.teamMode && s.teams.length > 0)).toBe(true)
    expect(sessions.some((s) => s.currentActivityId !== null)).toBe(true)
  })
})

const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { maxLength: 2 })
const ok = fc.constant({ ok: true })
/** One profile success body per operation, built from the resource samples. */
const successSamples = {
  createSeries: series.map((s) => ({ series: s })),
  listSeries: list(series).map((s) => ({ series: s })),
  createForm: form.map((f) => ({ form: f })),
  listForms: list(form).map((forms) => ({ forms })),
  getForm: form.map((f) => ({ form: f })),
  updateForm: form.map((f) => ({ form: f })),
  replaceFormSettings: form.map((f) => ({ form: { id: f.id, settings: f.settings } })),
  publishForm: form.map((f) => ({ form: f })),
  closeForm: form.map((f) => ({ form: f })),
  addField: field.map((f) => ({ field: f })),
  replaceFieldConfig: field.map((f) => ({ field: f })),
  reorderFields: ok,
  deleteForm: ok,
  removeField: ok,
  listFormResponses: list(formResponse).map((responses) => ({ responses })),
  createSession: session.map((s) => ({ session: s })),
  listSessions: list(session).map((sessions) => ({ sessions })),
  addActivity: activity.map((a) => ({ activity: a })),
  openSession: session.map((s) => ({ session: { ...s, status: 'open' } })),
  endSession: session.map((s) => ({ session: { ...s, status: 'ended' } })),
  addTeam: team.map((t) => ({ team: t })),
  setTeamMode: session.map((s) => ({ session: s })),
  presentActivity: session.map((s) => ({ session: s })),
  createSponsorReport: sponsorReport.map((r) => ({ report: r })),
  listSponsorReports: list(sponsorReportSummary).map((reports) => ({ reports })),
} satisfies Record<OperationId, Arb>

const routes = Object.entries(contract) as [OperationId, RouteDef][]

describe('every profile success body of an operation is a documented one', () => {
  it.each(routes)('%s', (operationId, route) => {
    forAll(successSamples[operationId], (value) => {
      expectValid(route.success.profile, value, 'profile')
      expectValid(route.success.documented, value, 'documented')
    })
  })
})

describe('every operation is covered by the proof', () => {
  const proven = (profile: z.ZodType, documented: z.ZodType) =>
    (Object.keys(sampleSchemas) as SampleName[]).some(
      (name) => sampleSchemas[name] === profile && documentedOf[name] === documented,
    )
  it.each(routes.filter(([, route]) => route.body))('request body of %s', (_, route) => {
    expect(route.body && proven(route.body.profile, route.body.documented)).toBe(true)
  })
  it.each(routes)('error body of %s', (_, route) => {
    const { profile, documented } = errorSchemas[route.errorShape]
    expect(proven(profile, documented)).toBe(true)
  })
})
