import type { ErrorCondition } from '../../../../contract/errors.ts'
import { pathParamNames } from '../../../../contract/route.ts'
import { type Contract, contract, type OperationId } from '../../../../contract/table.ts'
import { defineCheck } from '../../engine/check.ts'
import { type CheckContext, label } from '../../engine/context.ts'
import { makeForm, makeSession } from '../helpers/make.ts'
import { INVALID_FIELD_CONFIG, missingId, TEAMS } from '../helpers/samples.ts'

export type DocumentedOp = {
  [K in OperationId]: Contract[K] extends { inferred: true } ? never : K
}[OperationId]

/** A request of the operation that would succeed with the right key, plus a body the reference rules out. */
interface Probe {
  params?: Record<string, string>
  body?: unknown
  invalid?: { body: unknown; condition: ErrorCondition }
}

const form = async (ctx: CheckContext, fields = 0) =>
  await makeForm(ctx, { fields, label: 'Error probe' })
const session = async (ctx: CheckContext, teamMode = false) =>
  (await makeSession(ctx, { teamMode, label: 'Error probe' })).session

/** §7 names the five validation-shape operations; each gets a body that breaks a documented type. */
const PROBES: { [K in DocumentedOp]: (ctx: CheckContext) => Promise<Probe> } = {
  createSeries: async (ctx) => ({ body: { title: ctx.title('Unauthorized series') } }),
  listSeries: async () => ({}),
  createForm: async (ctx) => ({ body: { title: ctx.title('Unauthorized form') } }),
  listForms: async () => ({}),
  getForm: async (ctx) => ({ params: { id: (await form(ctx)).form.id } }),
  updateForm: async (ctx) => ({
    params: { id: (await form(ctx)).form.id },
    body: { description: 'Unauthorized change' },
    invalid: { body: { title: 42 }, condition: 'invalid_body' },
  }),
  replaceFormSettings: async (ctx) => ({
    params: { id: (await form(ctx)).form.id },
    body: { showProgress: false },
    invalid: { body: { collectEmail: 'yes' }, condition: 'invalid_body' },
  }),
  publishForm: async (ctx) => ({ params: { id: (await form(ctx, 1)).form.id } }),
  closeForm: async (ctx) => ({ params: { id: (await form(ctx, 1)).form.id } }),
  addField: async (ctx) => ({
    params: { id: (await form(ctx)).form.id },
    body: {
      kind: 'submission',
      config: { label: 'Unauthorized', acceptLink: true, acceptFile: false },
    },
  }),
  replaceFieldConfig: async (ctx) => {
    const { form: f, fields } = await form(ctx, 1)
    return {
      params: { id: f.id, fieldId: fields[0]?.id ?? '' },
      body: { config: fields[0]?.config ?? {} },
      invalid: { body: { config: INVALID_FIELD_CONFIG }, condition: 'invalid_field_config' },
    }
  },
  reorderFields: async (ctx) => {
    const { form: f, fieldIds } = await form(ctx, 1)
    return {
      params: { id: f.id },
      body: { orderedIds: fieldIds },
      invalid: { body: { orderedIds: 'not-a-list' }, condition: 'invalid_body' },
    }
  },
  createSession: async (ctx) => ({ body: { title: ctx.title('Unauthorized session') } }),
  listSessions: async () => ({}),
  addActivity: async (ctx) => ({
    params: { id: (await session(ctx)).id },
    body: { kind: 'cue', note: 'Unauthorized' },
    invalid: { body: { kind: 'not_an_activity_kind' }, condition: 'invalid_body' },
  }),
  openSession: async (ctx) => ({ params: { id: (await session(ctx)).id } }),
  endSession: async (ctx) => ({ params: { id: (await session(ctx)).id } }),
  addTeam: async (ctx) => ({ params: { id: (await session(ctx, true)).id }, body: TEAMS.owls }),
  createSponsorReport: async (ctx) => ({
    body: { title: ctx.title('Unauthorized report'), brandLabel: 'Contract suite' },
  }),
  listSponsorReports: async () => ({}),
}

export const ERROR_PROBED_OPERATIONS = Object.keys(PROBES) as DocumentedOp[]

const MALFORMED_JSON = '{"title": "unterminated'

const errorCheck = (op: DocumentedOp) => {
  const route = contract[op]
  const shape =
    route.errorShape === 'validation'
      ? 'validation shape { error, issues[] }'
      : 'plain shape { error }'
  return defineCheck({
    name: `§7 ${label(op)}: errors answer with the ${shape}`,
    operations: [op],
    run: async (ctx) => {
      const probe = await PROBES[op](ctx)
      const request = {
        method: route.method,
        path: route.path,
        ...(probe.params ? { params: probe.params } : {}),
      }
      const withBody = probe.body === undefined ? request : { ...request, body: probe.body }
      // §5: every operation carries an organization's key; without one there is no organization.
      const unknownKey = `contract-unknown-key-${ctx.run.env.runId}`
      ctx.refused(op, await ctx.api.raw({ ...withBody, auth: unknownKey }), 'unauthorized')
      ctx.refused(op, await ctx.api.raw({ ...withBody, auth: false }), 'unauthorized')
      for (const name of pathParamNames(route.path)) {
        const params = { ...probe.params, [name]: missingId(ctx.run.env.runId, name) }
        ctx.refused(op, await ctx.api.raw({ ...withBody, params }), 'not_found')
      }
      if (!('body' in route)) return
      ctx.refused(op, await ctx.api.raw({ ...request, rawBody: MALFORMED_JSON }), 'malformed_json')
      if (probe.invalid) {
        ctx.refused(
          op,
          await ctx.api.raw({ ...request, body: probe.invalid.body }),
          probe.invalid.condition,
        )
      }
    },
  })
}

export const errorChecks = ERROR_PROBED_OPERATIONS.map(errorCheck)
