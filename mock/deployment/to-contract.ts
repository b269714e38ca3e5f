import type { ActivityKind } from '../../contract/activities.ts'
import { FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import { pathParamNames, type RouteDef } from '../../contract/route.ts'
import { contract, type OperationId } from '../../contract/table.ts'
import { matchRoute } from '../core/router.ts'
import {
  CREATE_KEYS,
  type CreateSection,
  type DeploymentFile,
  INFERRED_BODY_KEYS,
  INFERRED_OPERATIONS,
  type InferredOperation,
} from './schema.ts'
import {
  type ConfigSpelling,
  configSpellings,
  deleteAt,
  fieldKey,
  fieldWord,
  getAt,
  VALUE_MAPS,
  type ValueMap,
} from './vocabulary.ts'

/**
 * Deployment → contract: what a deployment sent or answered, read back into the contract's words
 * (the inverse of to-deployment.ts). The traffic checker reads requests with it; an import of
 * recorded traffic reads whole bodies: where an operation is (inferred paths), a create body's
 * spelled keys, field kinds and configs, use case, layout, template and mode values, state names.
 * A TS/JS deployment file's function spelling cannot be read back: such a body is `known: false`.
 */

/** The operation a request addressed, as this deployment places its operations. */
export interface Located {
  id: OperationId
  route: RouteDef
  params: Record<string, string>
  /** §4 "Other operations": exists, but its body and answer are not shown. */
  inferred: boolean
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$|()[\]\\]/g, '\\$&')

const compile = (path: string) => ({
  pattern: new RegExp(`^${escapeRegExp(path).replace(/\\?\{\w+\\?\}/g, '([^/]+)')}/?$`),
  names: pathParamNames(path),
})

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * A matcher of requests to operations: the documented paths of §4 as the contract declares them,
 * and the inferred operations where the deployment file puts them (the profile's place when the
 * file says nothing, nowhere when it says `null`). A documented operation always wins.
 */
export const operationMatcher = (deployment: DeploymentFile = {}) => {
  const located = INFERRED_OPERATIONS.flatMap((id: InferredOperation) => {
    const placed = deployment.operations?.[id]
    if (placed === null || placed === undefined) return []
    return [{ id, method: placed.method, ...compile(placed.path) }]
  })
  const moved = new Set(
    INFERRED_OPERATIONS.filter((id) => deployment.operations?.[id] !== undefined),
  )
  return (method: string, pathWithQuery: string): Located | undefined => {
    const path = pathWithQuery.split('?')[0] ?? ''
    const match = matchRoute(method, path)
    if (match.kind === 'operation') {
      const inferred = 'inferred' in match.route
      if (!inferred) return { id: match.id, route: match.route, params: match.params, inferred }
      if (!moved.has(match.id as InferredOperation)) {
        return { id: match.id, route: match.route, params: match.params, inferred }
      }
    }
    for (const entry of located) {
      if (entry.method !== method) continue
      const found = entry.pattern.exec(path)
      if (!found) continue
      const params = Object.fromEntries(
        entry.names.map((name, i) => [name, decoded(found[i + 1] ?? '')]),
      )
      return { id: entry.id, route: contract[entry.id], params, inferred: true }
    }
    return undefined
  }
}

/** A body read back into the contract's words, or why it cannot be: the file key holding a function. */
export type ReadBody = { known: true; body: unknown } | { known: false; key: string }

/** A profile value (template, use case, layout, mode) as this deployment names it, read back. */
export const readValue = (deployment: DeploymentFile, map: ValueMap, value: unknown): unknown => {
  if (typeof value !== 'string') return value
  const spelled = (VALUE_MAPS[map](deployment) ?? {}) as Record<string, string | null | undefined>
  const profile = Object.keys(spelled).find((p) => spelled[p] === value)
  return profile ?? value
}

/** Settings read back: use case and layout values in the profile's words. */
export const readSettings = (deployment: DeploymentFile, settings: unknown): unknown => {
  if (!isObject(settings)) return settings
  const out: Obj = { ...settings }
  if ('useCase' in out) out.useCase = readValue(deployment, 'useCases', out.useCase)
  if ('layout' in out) out.layout = readValue(deployment, 'layouts', out.layout)
  return out
}

/** The profile field kind this deployment's kind name stands for; undefined: none. */
export const readFieldKind = (deployment: DeploymentFile, kind: string): FieldKind | undefined => {
  const standing = FIELD_KINDS.filter((k) => fieldWord(deployment, k)?.kind === kind)
  return standing.find((k) => k === kind) ?? standing[0]
}

/** A property map read back: each spelled path's value under the profile's name, the rest kept. */
const unspell = (
  body: Obj,
  entries: ReadonlyArray<readonly [profile: string, spelled: string | null | undefined]>,
): Obj => {
  const out: Obj = structuredClone(body)
  const found: Obj = {}
  for (const [profile, spelled] of entries) {
    if (spelled === null || spelled === undefined || spelled === profile) continue
    const value = getAt(body, spelled)
    if (value === undefined) continue
    deleteAt(out, spelled)
    found[profile] = value
  }
  return { ...out, ...found }
}

/** A config of `kind` read back from this deployment's spelling; known: false under a function. */
export const readFieldConfig = (
  deployment: DeploymentFile,
  kind: FieldKind,
  config: unknown,
): ReadBody => {
  if (!isObject(config)) return { known: true, body: config }
  const spellings = configSpellings(deployment, kind)
  if (spellings.some((s) => typeof s === 'function')) return { known: false, key: fieldKey(kind) }
  const maps = spellings as Array<Exclude<ConfigSpelling, (...args: never[]) => unknown>>
  // The kind's own map wins over the shared one: the last map that names a key.
  const named = new Map<string, string | null | undefined>()
  for (const map of maps) {
    for (const [key, spelled] of Object.entries(map))
      if (spelled !== undefined) named.set(key, spelled)
  }
  return { known: true, body: unspell(config, [...named]) }
}

/** A field `{ kind, config }` as the deployment sent or answered it, in the profile's words. */
export const readField = (deployment: DeploymentFile, field: unknown): ReadBody => {
  if (!isObject(field) || typeof field.kind !== 'string') return { known: true, body: field }
  const kind = readFieldKind(deployment, field.kind)
  if (kind === undefined) return { known: true, body: field }
  const config = readFieldConfig(deployment, kind, field.config)
  if (!config.known) return config
  return {
    known: true,
    body: { ...field, kind, ...(field.config === undefined ? {} : { config: config.body }) },
  }
}

/** The file key of an activity kind's content key map. */
export const contentKey = (kind: string) => `sessions.contents.${kind}`

/**
 * An activity's content (its config, everything but `kind`) read back into the contract's keys by
 * the file's key map (`sessions.contents.<kind>`); without one, as it is. `known: false` when the
 * file has no key map for a kind it gives a content sample of (the sample says what to send, not
 * how to read): the content is the deployment's own.
 */
export const readActivityContent = (
  deployment: DeploymentFile,
  kind: ActivityKind,
  content: unknown,
): ReadBody => {
  if (!isObject(content)) return { known: true, body: content }
  const map = deployment.sessions?.contents?.[kind]
  if (map === undefined) {
    const sample = deployment.sessions?.activities?.[kind]
    return sample === undefined || sample === null
      ? { known: true, body: content }
      : { known: false, key: contentKey(kind) }
  }
  const spelled = map as Record<string, string | null | undefined>
  const out = unspell(content, Object.entries(spelled))
  // A key the deployment does not have (null) cannot be in its content: nothing to read back.
  for (const [key, where] of Object.entries(spelled)) if (where === null) delete out[key]
  return { known: true, body: out }
}

/** The deployment's state names (`expect.states`) read back; other values are returned as they are. */
export const readState = (
  deployment: DeploymentFile,
  resource: 'form' | 'session',
  status: unknown,
): unknown => {
  const states = deployment.expect?.states ?? {}
  const names =
    resource === 'form'
      ? ([
          [states.formPublished, 'published'],
          [states.formClosed, 'closed'],
        ] as const)
      : ([
          [states.sessionOpen, 'open'],
          [states.sessionEnded, 'ended'],
        ] as const)
  return names.find(([name]) => name !== undefined && name === status)?.[1] ?? status
}

/** The state name the deployment file declares for a state, when it declares one. */
export const declaredStateName = (
  deployment: DeploymentFile,
  state: 'formPublished' | 'formClosed' | 'sessionOpen' | 'sessionEnded',
): string | undefined => deployment.expect?.states?.[state]

const CREATE_SECTIONS: Partial<Record<OperationId, CreateSection>> = {
  createForm: 'forms.create',
  createSession: 'sessions.create',
  createSeries: 'series.create',
  createSponsorReport: 'sponsors.create',
}

const readList = (
  value: unknown,
  each: (item: unknown) => ReadBody,
): { known: true; body: unknown } | { known: false; key: string } => {
  if (!Array.isArray(value)) return { known: true, body: value }
  const out: unknown[] = []
  for (const item of value) {
    const read = each(item)
    if (!read.known) return read
    out.push(read.body)
  }
  return { known: true, body: out }
}

/** A create body's spelled keys read back to the profile's properties (`publishNow` → `publish`). */
const readCreate = (deployment: DeploymentFile, section: CreateSection, body: Obj): ReadBody => {
  const [resource] = section.split('.') as ['forms' | 'sessions' | 'series' | 'sponsors']
  const spelling = deployment[resource]?.create
  if (typeof spelling === 'function') return { known: false, key: section }
  const spelled = (spelling ?? {}) as Record<string, string | null | undefined>
  const profile = CREATE_KEYS[section] as Record<string, string>
  return {
    known: true,
    body: unspell(
      body,
      Object.entries(profile).map(([key, property]) => [property, spelled[key]] as const),
    ),
  }
}

/** A session's (or a round's) content: its mode in the profile's words. */
const readMode = (deployment: DeploymentFile, body: Obj): Obj =>
  'mode' in body ? { ...body, mode: readValue(deployment, 'modes', body.mode) } : body

/** The contents a create's body holds, read back (its properties already the profile's). */
const readCreateContent = (deployment: DeploymentFile, op: OperationId, body: Obj): ReadBody => {
  switch (op) {
    case 'createForm': {
      const fields = readList(body.fields, (f) => readField(deployment, f))
      if (!fields.known) return fields
      const out: Obj = { ...body }
      if ('fields' in body) out.fields = fields.body
      if ('template' in body) out.template = readValue(deployment, 'templates', body.template)
      if ('settings' in body) out.settings = readSettings(deployment, body.settings)
      return { known: true, body: out }
    }
    case 'createSession':
      return { known: true, body: readMode(deployment, body) }
    case 'createSeries': {
      const rounds = readList(body.rounds, (round) => {
        if (!isObject(round)) return { known: true, body: round }
        const read = readCreate(deployment, 'sessions.create', round)
        return read.known ? { known: true, body: readMode(deployment, read.body as Obj) } : read
      })
      if (!rounds.known) return rounds
      return { known: true, body: 'rounds' in body ? { ...body, rounds: rounds.body } : body }
    }
    default:
      return { known: true, body }
  }
}

/** What a request needs to be read that its body does not say (a replaced config's field kind). */
export interface ReadHint {
  /** The profile kind of the field whose config is replaced. */
  fieldKind?: FieldKind
  /** Path parameters of the request (an inferred operation may carry body parameters there). */
  params?: Record<string, string>
}

/**
 * A request body `op` received, as this deployment spells it, in the contract's words: create-body
 * keys, field kinds and configs, template, use case, layout and mode values, the replaced config's
 * wrapper, an inferred operation's body (and body parameters its path carries). Activity contents
 * are the deployment's own (the file gives a sample, not a spelling) and are kept as they are.
 */
export const readRequestBody = (
  deployment: DeploymentFile,
  op: OperationId,
  body: unknown,
  hint: ReadHint = {},
): ReadBody => {
  if ((INFERRED_OPERATIONS as readonly string[]).includes(op)) {
    const names = INFERRED_BODY_KEYS[op] ?? {}
    const placed = deployment.operations?.[op as InferredOperation]
    const spelling = placed?.body
    if (typeof spelling === 'function') return { known: false, key: `operations.${op}.body` }
    const fromPath = Object.fromEntries(
      Object.entries(hint.params ?? {}).filter(([name]) => name in names),
    )
    if (!isObject(body)) {
      return { known: true, body: Object.keys(fromPath).length > 0 ? fromPath : body }
    }
    const read = unspell(
      body,
      Object.keys(names).map((name) => [name, spelling?.[name as keyof typeof spelling]] as const),
    )
    return { known: true, body: { ...read, ...fromPath } }
  }
  if (op === 'replaceFieldConfig') {
    const wrapper = deployment.forms?.replaceField?.wrapper
    const config = wrapper === null ? body : getAt(body, wrapper ?? 'config')
    if (hint.fieldKind === undefined) return { known: true, body: { config } }
    const read = readFieldConfig(deployment, hint.fieldKind, config)
    return read.known ? { known: true, body: { config: read.body } } : read
  }
  if (!isObject(body)) return { known: true, body }
  if (op === 'addField') return readField(deployment, body)
  if (op === 'replaceFormSettings') return { known: true, body: readSettings(deployment, body) }
  const section = CREATE_SECTIONS[op]
  if (!section) return { known: true, body }
  const created = readCreate(deployment, section, body)
  return created.known ? readCreateContent(deployment, op, created.body as Obj) : created
}

/**
 * What a create request sent for one of the profile's properties (`publish`, `open`, `settings`,
 * `template`…), read where the deployment file puts it. `known: false` when the file gives a
 * function (a TS/JS module): then nobody but that function knows the spelling.
 */
export const sentProperty = (
  deployment: DeploymentFile,
  op: 'createForm' | 'createSession' | 'createSeries' | 'createSponsorReport',
  property: string,
  body: unknown,
): { known: false } | { known: true; value: unknown } => {
  const section = CREATE_SECTIONS[op] as CreateSection
  const key = Object.entries(CREATE_KEYS[section]).find(([, p]) => p === property)?.[0]
  const [resource] = section.split('.') as ['forms' | 'sessions' | 'series' | 'sponsors']
  const spelling = deployment[resource]?.create
  if (typeof spelling === 'function') return { known: false }
  const spelled =
    key === undefined
      ? undefined
      : (spelling as Record<string, string | null | undefined> | undefined)?.[key]
  // null: this deployment has no such option, so no request sends it.
  if (spelled === null) return { known: true, value: undefined }
  return { known: true, value: isObject(body) ? getAt(body, spelled ?? property) : undefined }
}
