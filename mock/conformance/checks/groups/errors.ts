import type { ErrorCondition } from '../../../../contract/errors.ts'
import { INVALID_FIELD_CONFIG, TEAMS } from '../../../../contract/input-examples.ts'
import { pathParamNames } from '../../../../contract/route.ts'
import { type Contract, contract, type OperationId } from '../../../../contract/table.ts'
import { defineCheck } from '../../engine/check.ts'
import { type CheckContext, label } from '../../engine/context.ts'
import type { RecordKind } from '../../engine/run-state.ts'
import { makeForm, makeSession, missingId, remember } from '../helpers/make.ts'

export type DocumentedOp = {
  [K in OperationId]: Contract[K] extends { inferred: true } ? never : K
}[OperationId]

/** A request of the operation that would succeed with the right key, plus bodies the reference rules out. */
interface Probe {
  params?: Record<string, string>
  body?: unknown
  invalid?: readonly { body: unknown; condition: ErrorCondition }[]
}

/**
 * §4 describes every body by its properties, so a body that is not an object is refused whatever
 * the properties are called (the create bodies' names are "not shown").
 */
const NOT_AN_OBJECT = { body: ['not', 'an', 'object'], condition: 'invalid_body' } as const

const form = async (ctx: CheckContext, fields = 0) =>
  await makeForm(ctx, { fields, label: 'Error probe' })
const session = async (ctx: CheckContext, teamMode = false) =>
  (await makeSession(ctx, { teamMode, label: 'Error probe' })).session

/** §7 names the five validation-shape operations; each gets a body that breaks a documented type. */
const PROBES: { [K in DocumentedOp]: (ctx: CheckContext) => Promise<Probe> } = {
  createSeries: async (ctx) => ({
    body: { title: ctx.title('Unauthorized series') },
    invalid: [NOT_AN_OBJECT],
  }),
  listSeries: async () => ({}),
  createForm: async (ctx) => ({
    body: { title: ctx.title('Unauthorized form') },
    invalid: [NOT_AN_OBJECT],
  }),
  listForms: async () => ({}),
  getForm: async (ctx) => ({ params: { id: (await form(ctx)).form.id } }),
  updateForm: async (ctx) => ({
    params: { id: (await form(ctx)).form.id },
    body: { description: 'Unauthorized change' },
    invalid: [{ body: { title: 42 }, condition: 'invalid_body' }],
  }),
  replaceFormSettings: async (ctx) => ({
    params: { id: (await form(ctx)).form.id },
    body: { showProgress: false },
    invalid: [{ body: { collectEmail: 'yes' }, condition: 'invalid_body' }],
  }),
  publishForm: async (ctx) => ({ params: { id: (await form(ctx, 1)).form.id } }),
  closeForm: async (ctx) => ({ params: { id: (await form(ctx, 1)).form.id } }),
  addField: async (ctx) => ({
    params: { id: (await form(ctx)).form.id },
    body: {
      kind: 'submission',
      config: { label: 'Unauthorized', acceptLink: true, acceptFile: false },
    },
    // §4: kind is required.
    invalid: [{ body: { config: {} }, condition: 'invalid_body' }],
  }),
  replaceFieldConfig: async (ctx) => {
    const { form: f, fields } = await form(ctx, 1)
    return {
      params: { id: f.id, fieldId: fields[0]?.id ?? '' },
      body: { config: fields[0]?.config ?? {} },
      invalid: [
        { body: { config: INVALID_FIELD_CONFIG }, condition: 'invalid_field_config' },
        NOT_AN_OBJECT,
      ],
    }
  },
  reorderFields: async (ctx) => {
    const { form: f, fieldIds } = await form(ctx, 1)
    return {
      params: { id: f.id },
      body: { orderedIds: fieldIds },
      invalid: [{ body: { orderedIds: 'not-a-list' }, condition: 'invalid_body' }],
    }
  },
  createSession: async (ctx) => ({
    body: { title: ctx.title('Unauthorized session') },
    invalid: [NOT_AN_OBJECT],
  }),
  listSessions: async () => ({}),
  addActivity: async (ctx) => ({
    params: { id: (await session(ctx)).id },
    body: { kind: 'cue', note: 'Unauthorized' },
    invalid: [{ body: { kind: 'not_an_activity_kind' }, condition: 'invalid_body' }],
  }),
  openSession: async (ctx) => ({ params: { id: (await session(ctx)).id } }),
  endSession: async (ctx) => ({ params: { id: (await session(ctx)).id } }),
  addTeam: async (ctx) => ({
    // A draft in team mode, so that only the body can be wrong; §4: name is required.
    params: { id: (await session(ctx, true)).id },
    body: TEAMS.owls,
    invalid: [{ body: { color: TEAMS.owls.color }, condition: 'invalid_body' }],
  }),
  createSponsorReport: async (ctx) => ({
    body: { title: ctx.title('Unauthorized report'), brandLabel: 'Contract suite' },
    invalid: [NOT_AN_OBJECT],
  }),
  listSponsorReports: async () => ({}),
}

export const ERROR_PROBED_OPERATIONS = Object.keys(PROBES) as DocumentedOp[]

const MALFORMED_JSON = '{"title": "unterminated'

/** What each create makes (its envelope has the same name): a refusal that created it anyway is cleaned up. */
const CREATES: Partial<Record<DocumentedOp, RecordKind>> = {
  createForm: 'form',
  createSession: 'session',
  createSeries: 'series',
  createSponsorReport: 'report',
}

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
      const made = CREATES[op]
      const send = async (request: Parameters<typeof ctx.api.raw>[0]) => {
        const exchange = await ctx.api.raw(request)
        if (made) remember(ctx, made, made, exchange, 'main')
        return exchange
      }
      const request = {
        method: route.method,
        path: route.path,
        ...(probe.params ? { params: probe.params } : {}),
      }
      const withBody = probe.body === undefined ? request : { ...request, body: probe.body }
      // §5: every operation carries an organization's key; without one there is no organization.
      const unknownKey = `contract-unknown-key-${ctx.run.env.runId}`
      ctx.refused(op, await send({ ...withBody, auth: unknownKey }), 'unauthorized')
      ctx.refused(op, await send({ ...withBody, auth: false }), 'unauthorized')
      for (const name of pathParamNames(route.path)) {
        const params = { ...probe.params, [name]: missingId(ctx.run.env.runId, name) }
        ctx.refused(op, await send({ ...withBody, params }), 'not_found')
      }
      if (!('body' in route)) return
      ctx.refused(op, await send({ ...request, rawBody: MALFORMED_JSON }), 'malformed_json')
      for (const invalid of probe.invalid ?? []) {
        ctx.refused(op, await send({ ...request, body: invalid.body }), invalid.condition)
      }
    },
  })
}

export const errorChecks = ERROR_PROBED_OPERATIONS.map(errorCheck)
