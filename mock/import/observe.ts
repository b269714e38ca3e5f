import { LIMITS } from '../../contract/common.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { OperationId } from '../../contract/table.ts'
import { nestsDeeperThan } from '../core/json-depth.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { operationMatcher } from '../deployment/to-contract.ts'
import type { TrafficExchange } from '../traffic/exchange.ts'
import { readJson } from '../traffic/exchange-context.ts'

/**
 * What an app's traffic showed of each record: the answers of the API, read in the order they
 * were given, each record kept at its latest observed version (a later answer's properties over
 * the earlier ones', so a list item without a report's payload keeps the payload a create showed).
 * Transport-free: the CLI reads the HAR files and hands over exchanges.
 */

export type Resource = 'forms' | 'sessions' | 'series' | 'reports' | 'responses'
export const RESOURCES: readonly Resource[] = [
  'forms',
  'sessions',
  'series',
  'reports',
  'responses',
]

/** One record as the answers showed it, in the deployment's words (the documented layer). */
export interface Observed {
  resource: Resource
  /** The credential label of the first request that showed it: its organization. */
  credential: string
  value: Obj
  /** How many answers showed it (more than one: merged). */
  seen: number
  /** Set for a response: the form it answers. */
  formId?: string
}

/** A record the traffic only named (an id in a path) and never showed. */
export interface Named {
  resource: Resource
  id: string
  operation: OperationId
}

export interface Observations {
  records: Map<string, Observed>
  /** Records removed by a later request (deleteForm): not imported. */
  deleted: Map<string, Resource>
  named: Map<string, Named>
  /** Per credential label: what POST /series and POST /sponsors answered (true: a success, false: 403). */
  entitlements: Map<string, { series?: boolean; data_export_analytics?: boolean }>
  /** Credential labels in the order they were first seen, with how many requests each sent. */
  credentials: Map<string, number>
  /** Exchanges of the API read, and those whose answers could not be read (with why). */
  exchanges: number
  unread: Array<{ index: number; why: string }>
  /** Exchanges outside the contract (no operation at that path and method). */
  outside: number
}

/** The label of requests sent without any credential. */
export const NO_CREDENTIAL = '(no credential)'

const PATH_PARAM_RESOURCE: Partial<Record<OperationId, Resource>> = {}
for (const id of [
  'getForm',
  'updateForm',
  'replaceFormSettings',
  'publishForm',
  'closeForm',
  'addField',
  'replaceFieldConfig',
  'reorderFields',
  'deleteForm',
  'removeField',
  'listFormResponses',
] as const)
  PATH_PARAM_RESOURCE[id] = 'forms'
for (const id of [
  'addActivity',
  'openSession',
  'endSession',
  'addTeam',
  'setTeamMode',
  'presentActivity',
] as const)
  PATH_PARAM_RESOURCE[id] = 'sessions'

/** The array under `key` of an answer, or undefined. */
const list = (body: Obj, key: string): Obj[] | undefined =>
  Array.isArray(body[key]) ? (body[key] as unknown[]).filter(isObject) : undefined
const idOf = (value: unknown): string | undefined =>
  isObject(value) && typeof value.id === 'string' && value.id !== '' ? value.id : undefined

export class TrafficObserver {
  readonly #match: ReturnType<typeof operationMatcher>
  readonly result: Observations = {
    records: new Map(),
    deleted: new Map(),
    named: new Map(),
    entitlements: new Map(),
    credentials: new Map(),
    exchanges: 0,
    unread: [],
    outside: 0,
  }

  constructor(deployment: DeploymentFile = {}) {
    this.#match = operationMatcher(deployment)
  }

  /** Reads one exchange; `index` numbers it across every file (1-based) for the report. */
  observe(exchange: TrafficExchange, index: number): void {
    const op = this.#match(exchange.method, exchange.path)
    const r = this.result
    if (!op) {
      r.outside++
      return
    }
    r.exchanges++
    const credential = exchange.credential ?? NO_CREDENTIAL
    r.credentials.set(credential, (r.credentials.get(credential) ?? 0) + 1)
    this.#entitlement(op.id, exchange.status, credential)
    const target = PATH_PARAM_RESOURCE[op.id]
    const pathId = op.params.id
    if (target && pathId) this.#name(target, pathId, op.id)
    if (exchange.status < 200 || exchange.status > 299) return
    // Untrusted input: a body nested deeper than any the API sends is not read (nor walked).
    for (const text of [exchange.responseBody, exchange.requestBody ?? '']) {
      if (nestsDeeperThan(text, LIMITS.bodyDepth)) {
        r.unread.push({ index, why: `a body nested deeper than ${LIMITS.bodyDepth} levels` })
        return
      }
    }
    const answer = exchange.responseBodyUnread
      ? { state: 'unreadable' as const, reason: exchange.responseBodyUnread }
      : readJson(
          exchange.responseBody,
          exchange.responseBodyTruncated === true,
          op.route.list === true,
        )
    const request = readJson(exchange.requestBody, exchange.requestBodyTruncated === true, false)
    const body = answer.state === 'json' && isObject(answer.value) ? answer.value : undefined
    const sent = request.state === 'json' && isObject(request.value) ? request.value : undefined
    if (!body) {
      // Answers without a body still change records: a reorder's `{ ok }`, a removal, a deletion.
      if (answer.state !== 'none' && answer.state !== 'json') {
        r.unread.push({ index, why: `its answer is ${answer.state}: ${answer.reason}` })
      }
    }
    this.#apply(op.id, op.params, body ?? {}, sent, credential)
  }

  #entitlement(id: OperationId, status: number, credential: string) {
    const which =
      id === 'createSeries'
        ? 'series'
        : id === 'createSponsorReport'
          ? 'data_export_analytics'
          : undefined
    if (!which) return
    const known = this.result.entitlements.get(credential) ?? {}
    if (status >= 200 && status <= 299) known[which] = true
    else if (status === 403 && known[which] === undefined) known[which] = false
    this.result.entitlements.set(credential, known)
  }

  #name(resource: Resource, id: string, operation: OperationId) {
    if (!this.result.named.has(id)) this.result.named.set(id, { resource, id, operation })
  }

  /** Stores a record's latest version: its properties over what earlier answers showed. */
  #see(resource: Resource, value: Obj, credential: string, formId?: string): Observed | undefined {
    const id = idOf(value)
    if (!id) return undefined
    const records = this.result.records
    const known = records.get(id)
    if (known && known.resource !== resource) return undefined
    this.result.deleted.delete(id)
    const merged: Observed = known
      ? { ...known, value: { ...known.value, ...value }, seen: known.seen + 1 }
      : { resource, credential, value: { ...value }, seen: 1, ...(formId ? { formId } : {}) }
    // Re-inserted: the map's order is the order records were last touched (not relied upon).
    records.set(id, merged)
    return merged
  }

  /** A nested item (field, activity, team) of a known record, added or replaced by id. */
  #nested(parentId: string | undefined, key: string, item: Obj) {
    const parent = parentId ? this.result.records.get(parentId) : undefined
    const id = idOf(item)
    if (!parent || !id) return
    const items = Array.isArray(parent.value[key]) ? [...(parent.value[key] as unknown[])] : []
    const at = items.findIndex((existing) => idOf(existing) === id)
    if (at >= 0) items[at] = { ...(items[at] as Obj), ...item }
    else items.push(item)
    parent.value = { ...parent.value, [key]: items }
  }

  #apply(
    id: OperationId,
    params: Record<string, string>,
    body: Obj,
    sent: Obj | undefined,
    credential: string,
  ) {
    const form = body.form
    if (isObject(form)) this.#see('forms', form, credential)
    for (const item of list(body, 'forms') ?? []) this.#see('forms', item, credential)
    if (isObject(body.session)) this.#see('sessions', body.session, credential)
    for (const item of list(body, 'sessions') ?? []) this.#see('sessions', item, credential)
    if (isObject(body.series)) this.#see('series', body.series, credential)
    for (const item of list(body, 'series') ?? []) this.#see('series', item, credential)
    if (isObject(body.report)) this.#see('reports', body.report, credential)
    for (const item of list(body, 'reports') ?? []) this.#see('reports', item, credential)
    switch (id) {
      case 'addField':
      case 'replaceFieldConfig':
        if (isObject(body.field)) this.#nested(params.id, 'fields', body.field)
        break
      case 'addActivity':
        if (isObject(body.activity)) this.#nested(params.id, 'activities', body.activity)
        break
      case 'addTeam':
        if (isObject(body.team)) this.#nested(params.id, 'teams', body.team)
        break
      case 'reorderFields': {
        const parent = this.result.records.get(params.id ?? '')
        const wanted = Array.isArray(sent?.orderedIds) ? sent.orderedIds : undefined
        if (!parent || !wanted || !Array.isArray(parent.value.fields)) break
        const fields = parent.value.fields as unknown[]
        const byId = new Map(fields.map((f) => [idOf(f), f]))
        const ordered = wanted.map((fid) => byId.get(String(fid))).filter((f) => f !== undefined)
        if (ordered.length === fields.length) parent.value = { ...parent.value, fields: ordered }
        break
      }
      case 'removeField': {
        const parent = this.result.records.get(params.id ?? '')
        if (!parent || !Array.isArray(parent.value.fields)) break
        const fields = (parent.value.fields as unknown[]).filter((f) => idOf(f) !== params.fieldId)
        parent.value = { ...parent.value, fields }
        break
      }
      case 'deleteForm': {
        const formId = params.id ?? ''
        const known = this.result.records.get(formId)
        if (!known) break
        this.result.records.delete(formId)
        this.result.deleted.set(formId, 'forms')
        for (const [rid, record] of this.result.records) {
          if (record.formId === formId) this.result.records.delete(rid)
        }
        break
      }
      case 'listFormResponses':
        for (const item of list(body, 'responses') ?? []) {
          this.#see('responses', item, credential, params.id)
        }
        break
      default:
        break
    }
  }
}
