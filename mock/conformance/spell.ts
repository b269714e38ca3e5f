import type { Client } from '../../contract/client.ts'
import type { Method } from '../../contract/route.ts'
import { contract, type OperationId } from '../../contract/table.ts'
import {
  type BodyFunction,
  type CreateSection,
  createKeyOf,
  type DeploymentFile,
  INFERRED_BODY_KEYS,
  INFERRED_OPERATIONS,
} from './deployment.ts'
import { ContractFailure } from './failure.ts'

/**
 * Turns a request as the profile spells it into the request this deployment expects, following its
 * deployment file. Checks and the seeder build profile bodies; only this file knows other spellings.
 */

/** The deployment file says this deployment has no such operation or option. */
export class NotOffered extends ContractFailure {
  override name = 'NotOffered'
  constructor(readonly key: string) {
    super(`Not offered by this deployment (deployment file: ${key} is null).`)
  }
}

export interface SpelledRequest {
  method: Method
  path: string
  body?: unknown
  /** The deployment file keys that decided this request's spelling: what would fix a refusal. */
  keys: string[]
}

type Obj = Record<string, unknown>
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const setAt = (target: Obj, dotted: string, value: unknown) => {
  const segments = dotted.split('.')
  let node = target
  for (const segment of segments.slice(0, -1)) {
    const next = isObj(node[segment]) ? (node[segment] as Obj) : {}
    node[segment] = next
    node = next
  }
  node[segments.at(-1) as string] = value
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

const withActivityContent = (deployment: DeploymentFile, keys: string[]) => (item: unknown) => {
  if (!isObj(item) || typeof item.kind !== 'string') return item
  keys.push(`sessions.activities.${item.kind}`)
  const content = deployment.sessions?.activities?.[item.kind as never] as Obj | undefined
  return content ? { ...structuredClone(content), kind: item.kind } : item
}

const withFieldConfig = (deployment: DeploymentFile, keys: string[]) => (item: unknown) => {
  if (!isObj(item) || item.kind !== 'submission') return item
  keys.push('forms.submissionConfig')
  const config = deployment.forms?.submissionConfig
  return config ? { ...item, config: structuredClone(config) } : item
}

/** Request content the deployment file replaces: inline fields and activities, at any depth the profile uses. */
const withContent = (deployment: DeploymentFile, op: OperationId, body: Obj, keys: string[]) => {
  const activity = withActivityContent(deployment, keys)
  const field = withFieldConfig(deployment, keys)
  const list = (value: unknown, each: (item: unknown) => unknown) =>
    Array.isArray(value) ? value.map(each) : value
  switch (op) {
    case 'createForm':
      return 'fields' in body ? { ...body, fields: list(body.fields, field) } : body
    case 'addField':
      return field(body) as Obj
    case 'createSession':
      return 'activities' in body ? { ...body, activities: list(body.activities, activity) } : body
    case 'addActivity':
      return activity(body) as Obj
    case 'createSeries':
      return 'rounds' in body
        ? {
            ...body,
            rounds: list(body.rounds, (round) =>
              isObj(round) && 'activities' in round
                ? { ...round, activities: list(round.activities, activity) }
                : round,
            ),
          }
        : body
    default:
      return body
  }
}

/** The request for `op` with a profile-spelled `body`, as this deployment spells it. */
export const spellRequest = (
  deployment: DeploymentFile,
  op: OperationId,
  body: unknown,
): SpelledRequest => {
  const route = contract[op]
  const keys: string[] = []
  let method: Method = route.method
  let path: string = route.path
  if ((INFERRED_OPERATIONS as readonly string[]).includes(op)) {
    const located = deployment.operations?.[op as keyof NonNullable<DeploymentFile['operations']>]
    keys.push(`operations.${op}`)
    if (located === null) throw new NotOffered(`operations.${op}`)
    if (located) {
      method = located.method
      path = located.path
    }
    if (!isObj(body)) return { method, path, ...(body === undefined ? {} : { body }), keys }
    const names = INFERRED_BODY_KEYS[op] ?? {}
    const spelled = spellProperties(
      body,
      located?.body,
      (p) => (p in names ? { key: `operations.${op}.body.${p}`, name: p } : undefined),
      keys,
    )
    return { method, path, body: spelled, keys }
  }
  if (!isObj(body)) return { method, path, ...(body === undefined ? {} : { body }), keys }
  const content = withContent(deployment, op, body, keys)
  const section = CREATE_OPS[op]
  if (section) {
    const spelled = spellProperties(
      content,
      spellingOf(deployment, section),
      (p) => {
        const key = createKeyOf(section, p)
        return key ? { key, name: key.slice(section.length + 1) } : undefined
      },
      keys,
    )
    return { method, path, body: spelled, keys }
  }
  if (op === 'replaceFieldConfig' && 'config' in content) {
    keys.push('forms.replaceField.wrapper', 'forms.submissionConfig')
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
        } = {},
      ) => {
        const spelled = spellRequest(deployment, op, args.body)
        const answer = await target.raw({
          method: spelled.method,
          path: spelled.path,
          ...(args.params ? { params: args.params } : {}),
          ...(spelled.body === undefined ? {} : { body: spelled.body }),
          ...(args.headers ? { headers: args.headers } : {}),
        })
        spelledKeys.set(answer, spelled.keys)
        return answer
      }
    },
  })
