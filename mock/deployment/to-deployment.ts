import type { Client } from '../../contract/client.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import { EngagementMockError } from '../../contract/mock-error.ts'
import { type Method, pathParamNames } from '../../contract/route.ts'
import { contract, type OperationId } from '../../contract/table.ts'
import {
  type BodyFunction,
  CREATE_KEYS,
  type CreateSection,
  createKeyOf,
  type DeploymentFile,
  INFERRED_BODY_KEYS,
  INFERRED_OPERATIONS,
  type InferredOperation,
} from './schema.ts'
import {
  activityKey,
  fieldKey,
  setAt,
  spellActivity,
  spellField,
  spellSettings,
  spellValue,
  VALUE_KEYS,
  type ValueMap,
} from './vocabulary.ts'

/**
 * Turns a request as the profile spells it into the request this deployment expects, following its
 * deployment file. Checks and the seeder build profile bodies; only this file knows other spellings.
 */

/**
 * The deployment file says this deployment has no such operation or option. Not a failure of the
 * deployment: the suite's runner makes it a blocked (or, for a profile question, observed) check.
 */
export class NotOffered extends EngagementMockError {
  override name = 'NotOffered'
  readonly summary: string
  constructor(readonly key: string) {
    const summary = `Not offered by this deployment (deployment file: ${key} is null).`
    super(summary)
    this.summary = summary
    this.stack = `${this.name}: ${summary}`
  }
}

export interface SpelledRequest {
  method: Method
  path: string
  body?: unknown
  /** Path parameters taken from the body (an inferred operation whose path names them). */
  pathParams?: Record<string, string>
  /** The deployment file keys that decided this request's spelling: what would fix a refusal. */
  keys: string[]
}

const CREATE_OPS: Partial<Record<OperationId, CreateSection>> = {
  createForm: 'forms.create',
  createSession: 'sessions.create',
  createSeries: 'series.create',
  createSponsorReport: 'sponsors.create',
}

const spellingOf = (deployment: DeploymentFile, section: CreateSection) => {
  const [resource] = section.split('.') as ['forms' | 'sessions' | 'series' | 'sponsors']
  return deployment[resource]?.create
}

/** Renames a body's properties by a spelling map, or hands it to the module's function. */
const spellProperties = (
  body: Obj,
  spelling: Record<string, string | null | undefined> | BodyFunction | undefined,
  keyOf: (property: string) => { key: string; name: string } | undefined,
  keys: string[],
): unknown => {
  if (typeof spelling === 'function') {
    keys.push(...Object.keys(body).flatMap((p) => keyOf(p)?.key ?? []))
    return spelling(structuredClone(body))
  }
  const out: Obj = {}
  for (const [property, value] of Object.entries(body)) {
    const known = keyOf(property)
    const spelled = known ? spelling?.[known.name] : undefined
    if (known) keys.push(known.key)
    if (spelled === null) throw new NotOffered(known?.key ?? property)
    setAt(out, spelled ?? property, value)
  }
  return out
}

/** A create body's properties as `section` of the file spells them. */
const spellCreate = (
  deployment: DeploymentFile,
  section: CreateSection,
  body: Obj,
  keys: string[],
) =>
  spellProperties(
    body,
    spellingOf(deployment, section),
    (p) => {
      const key = createKeyOf(section, p)
      return key ? { key, name: key.slice(section.length + 1) } : undefined
    },
    keys,
  )

const withActivityContent = (deployment: DeploymentFile, keys: string[]) => (item: unknown) => {
  if (!isObject(item) || typeof item.kind !== 'string') return item
  keys.push(activityKey(item.kind))
  const spelled = spellActivity(deployment, item)
  if (spelled === null) throw new NotOffered(activityKey(item.kind))
  return spelled
}

const withFieldWords = (deployment: DeploymentFile, keys: string[]) => (item: unknown) => {
  if (!isObject(item) || typeof item.kind !== 'string') return item
  keys.push(fieldKey(item.kind))
  const spelled = spellField(deployment, item as { kind: string; config?: unknown })
  if (spelled === null) throw new NotOffered(fieldKey(item.kind))
  return { ...item, ...spelled }
}

/** A value of one of the file's value maps; a value it has none for leaves the property out. */
const withValue = (
  deployment: DeploymentFile,
  body: Obj,
  property: string,
  map: ValueMap,
  keys: string[],
) => {
  if (!(property in body)) return body
  keys.push(VALUE_KEYS[map])
  const spelled = spellValue(deployment, map, body[property])
  const { [property]: _, ...rest } = body
  return spelled === null ? rest : { ...body, [property]: spelled }
}

const list = (value: unknown, each: (item: unknown) => unknown) =>
  Array.isArray(value) ? value.map(each) : value

/** A round of POST /series: a session's shape (§2), so spelled as a session's create body. */
const spellRound = (deployment: DeploymentFile, keys: string[]) => (round: unknown) => {
  if (!isObject(round)) return round
  const activity = withActivityContent(deployment, keys)
  let content = withValue(deployment, round, 'mode', 'modes', keys)
  if ('activities' in content)
    content = { ...content, activities: list(content.activities, activity) }
  return spellCreate(deployment, 'sessions.create', content, keys)
}

/** What a request needs to be spelled that its body does not say (a replaced config's field kind). */
export interface SpellHint {
  fieldKind?: string
}

/**
 * Request content in the deployment's vocabulary: field kinds and configs, activity contents,
 * template, use case, layout and mode values, rounds spelled as sessions; at any depth the profile
 * uses them.
 */
const withContent = (
  deployment: DeploymentFile,
  op: OperationId,
  body: Obj,
  keys: string[],
  hint: SpellHint,
): Obj => {
  const activity = withActivityContent(deployment, keys)
  const field = withFieldWords(deployment, keys)
  switch (op) {
    case 'createForm': {
      let out = withValue(deployment, body, 'template', 'templates', keys)
      if ('fields' in out) out = { ...out, fields: list(out.fields, field) }
      if ('settings' in out) out = { ...out, settings: spellSettings(deployment, out.settings) }
      return out
    }
    case 'addField':
      return field(body) as Obj
    case 'replaceFormSettings':
      return spellSettings(deployment, body) as Obj
    case 'replaceFieldConfig': {
      if (hint.fieldKind === undefined || !isObject(body.config)) return body
      keys.push(fieldKey(hint.fieldKind))
      const spelled = spellField(deployment, { kind: hint.fieldKind, config: body.config })
      if (spelled === null) throw new NotOffered(fieldKey(hint.fieldKind))
      return { ...body, config: spelled.config }
    }
    case 'createSession': {
      const out = withValue(deployment, body, 'mode', 'modes', keys)
      return 'activities' in out ? { ...out, activities: list(out.activities, activity) } : out
    }
    case 'addActivity':
      return activity(body) as Obj
    case 'createSeries':
      return 'rounds' in body
        ? { ...body, rounds: list(body.rounds, spellRound(deployment, keys)) }
        : body
    default:
      return body
  }
}

/** An inferred operation: where the file puts it, its body spelled, body parameters moved into its path. */
const spellInferred = (
  deployment: DeploymentFile,
  op: OperationId,
  body: unknown,
  keys: string[],
): SpelledRequest => {
  const route = contract[op]
  const located = deployment.operations?.[op as keyof NonNullable<DeploymentFile['operations']>]
  keys.push(`operations.${op}`)
  if (located === null) throw new NotOffered(`operations.${op}`)
  const method: Method = located?.method ?? route.method
  const path: string = located?.path ?? route.path
  if (!isObject(body)) return { method, path, ...(body === undefined ? {} : { body }), keys }
  const names = INFERRED_BODY_KEYS[op] ?? {}
  // A body parameter the path names travels in the path, not in the body.
  const inPath = pathParamNames(path).filter((p) => p in names && p in body)
  const pathParams = Object.fromEntries(inPath.map((p) => [p, String(body[p])]))
  const rest = Object.fromEntries(Object.entries(body).filter(([p]) => !inPath.includes(p)))
  const spelled = spellProperties(
    rest,
    located?.body,
    (p) => (p in names ? { key: `operations.${op}.body.${p}`, name: p } : undefined),
    keys,
  )
  const empty = inPath.length > 0 && isObject(spelled) && Object.keys(spelled).length === 0
  return {
    method,
    path,
    ...(empty ? {} : { body: spelled }),
    ...(inPath.length > 0 ? { pathParams } : {}),
    keys,
  }
}

/** The request for `op` with a profile-spelled `body`, as this deployment spells it. */
export const spellRequest = (
  deployment: DeploymentFile,
  op: OperationId,
  body: unknown,
  hint: SpellHint = {},
): SpelledRequest => {
  const route = contract[op]
  const keys: string[] = []
  if ((INFERRED_OPERATIONS as readonly string[]).includes(op)) {
    return spellInferred(deployment, op, body, keys)
  }
  const { method, path } = route
  if (!isObject(body)) return { method, path, ...(body === undefined ? {} : { body }), keys }
  const content = withContent(deployment, op, body, keys, hint)
  const section = CREATE_OPS[op]
  if (section) return { method, path, body: spellCreate(deployment, section, content, keys), keys }
  if (op === 'replaceFieldConfig' && 'config' in content) {
    keys.push('forms.replaceField.wrapper')
    if (hint.fieldKind === undefined) keys.push('forms.submissionConfig')
    const wrapper = deployment.forms?.replaceField?.wrapper
    if (wrapper === null) return { method, path, body: content.config, keys }
    const out: Obj = {}
    setAt(out, wrapper ?? 'config', content.config)
    return { method, path, body: out, keys }
  }
  return { method, path, body: content, keys }
}

/** The deployment file keys behind each answer a spelled client gave: the fix a refusal names. */
export const spelledKeys = new WeakMap<object, readonly string[]>()

/**
 * A client whose typed operations send what this deployment expects. Operations it does not offer
 * throw NotOffered instead of sending anything.
 */
export const spelledClient = (client: Client, deployment: DeploymentFile): Client =>
  new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || typeof property !== 'string' || !(property in contract)) {
        return value
      }
      const op = property as OperationId
      return async (
        args: {
          params?: Record<string, string>
          body?: unknown
          headers?: Record<string, string>
        } & SpellHint = {},
      ) => {
        const spelled = spellRequest(
          deployment,
          op,
          args.body,
          args.fieldKind === undefined ? {} : { fieldKind: args.fieldKind },
        )
        const params = { ...args.params, ...spelled.pathParams }
        const answer = await target.raw({
          method: spelled.method,
          path: spelled.path,
          ...(Object.keys(params).length > 0 ? { params } : {}),
          ...(spelled.body === undefined ? {} : { body: spelled.body }),
          ...(args.headers ? { headers: args.headers } : {}),
        })
        spelledKeys.set(answer, spelled.keys)
        return answer
      }
    },
  })

/**
 * The profile's own spellings, as a deployment file writes them: what `check --init` starts a file
 * from (a deployment that spells everything as our mock does needs none of it).
 */
export const profileSpellings = {
  /** Every key of a create body's spelling map, spelled as the profile does. */
  create: (section: CreateSection): Record<string, string> => ({ ...CREATE_KEYS[section] }),
  /** Where the profile puts an inferred operation. */
  operation: (id: InferredOperation) => ({ method: contract[id].method, path: contract[id].path }),
  /** The inferred operations, in the contract's order. */
  operations: INFERRED_OPERATIONS,
}
