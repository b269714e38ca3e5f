import type { ActivityKind } from '../../contract/activities.ts'
import { FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { USE_CASES } from '../../contract/form-settings.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { BodyFunction, DeploymentFile } from './schema.ts'

/**
 * The deployment's vocabulary, read from its deployment file: what it calls each profile field kind
 * and how it spells its config, its template, use case, layout and mode values, and its activity
 * contents. Pure functions over the parsed file; to-deployment.ts, exploration and the seeder use
 * them.
 */

/** Sets `value` at a dotted path, creating the objects on the way. */
export const setAt = (target: Obj, dotted: string, value: unknown) => {
  const segments = dotted.split('.')
  let node = target
  for (const segment of segments.slice(0, -1)) {
    const next = isObject(node[segment]) ? (node[segment] as Obj) : {}
    node[segment] = next
    node = next
  }
  node[segments.at(-1) as string] = value
}

/** The value at a dotted path, or undefined where the path leads nowhere. */
export const getAt = (source: unknown, dotted: string): unknown => {
  let node = source
  for (const segment of dotted.split('.')) {
    if (!isObject(node) || !Object.hasOwn(node, segment)) return undefined
    node = node[segment]
  }
  return node
}

/** Removes the value at a dotted path, and the objects on the way that it leaves empty. */
export const deleteAt = (target: Obj, dotted: string): void => {
  const [head, ...rest] = dotted.split('.') as [string, ...string[]]
  if (rest.length === 0) {
    delete target[head]
    return
  }
  const next = target[head]
  if (!isObject(next)) return
  deleteAt(next, rest.join('.'))
  if (Object.keys(next).length === 0) delete target[head]
}

export type ConfigSpelling = Record<string, string | null | undefined> | BodyFunction

/** One profile field kind as this deployment offers it. */
export interface FieldWord {
  /** The deployment file key that says it. */
  key: string
  /** This deployment's kind name. */
  kind: string
  /** The profile's config of this kind, as this deployment wants it. */
  config: (config: Obj) => Obj
  /** Whether the file names this kind (any entry but null): the deployment confirmed it. */
  declared: boolean
}

/** Renames a config's keys by a spelling map (null leaves the key out), or runs the module's function. */
const respell = (config: Obj, spellings: readonly ConfigSpelling[]): Obj => {
  const fn = spellings.find((s): s is BodyFunction => typeof s === 'function')
  if (fn) return (fn(structuredClone(config)) ?? {}) as Obj
  const maps = spellings as ReadonlyArray<Record<string, string | null | undefined>>
  const out: Obj = {}
  for (const [key, value] of Object.entries(config)) {
    // The kind's own map wins over the shared one: the last map that names the key.
    const named = maps.findLast((map) => key in map && map[key] !== undefined)
    const spelled = named?.[key]
    if (spelled === null) continue
    setAt(out, spelled ?? key, structuredClone(value))
  }
  return out
}

/** The config spellings of a field kind, the shared one first (the kind's own wins). */
export const configSpellings = (deployment: DeploymentFile, kind: FieldKind): ConfigSpelling[] => {
  const fields = deployment.forms?.fields
  const entry = fields?.[kind]
  const own = isObject(entry) && 'config' in entry ? (entry.config as ConfigSpelling) : undefined
  return [fields?.config, own].filter((s): s is ConfigSpelling => s !== undefined)
}

/** The file key of a field kind. */
export const fieldKey = (kind: string) => `forms.fields.${kind}`

/**
 * How this deployment offers the profile's field `kind`, or null when its file says it does not.
 * Without an entry: the profile's name and config (submission: the legacy `submissionConfig`).
 */
export const fieldWord = (deployment: DeploymentFile, kind: FieldKind): FieldWord | null => {
  const fields = deployment.forms?.fields
  const entry = fields?.[kind]
  const key = fieldKey(kind)
  if (entry === null) return null
  const legacy = kind === 'submission' ? deployment.forms?.submissionConfig : undefined
  const given = typeof entry === 'string' ? { kind: entry } : (entry ?? {})
  const sample = 'sample' in given ? given.sample : legacy
  const spellings = [fields?.config, 'config' in given ? given.config : undefined].filter(
    (s): s is ConfigSpelling => s !== undefined,
  )
  return {
    key,
    kind: ('kind' in given ? given.kind : undefined) ?? kind,
    declared: entry !== undefined || legacy !== undefined,
    config: (config) => {
      if (sample && spellings.length === 0) return structuredClone(sample)
      return { ...structuredClone(sample ?? {}), ...respell(config, spellings) }
    },
  }
}

/** A field `{ kind, config }` of the profile as this deployment spells it, or null: not offered. */
export const spellField = (
  deployment: DeploymentFile,
  field: { kind: string; config?: unknown },
): { kind: string; config: Obj } | null => {
  if (!(FIELD_KINDS as readonly string[]).includes(field.kind)) {
    return { kind: field.kind, config: isObject(field.config) ? field.config : {} }
  }
  const word = fieldWord(deployment, field.kind as FieldKind)
  if (!word) return null
  return { kind: word.kind, config: word.config(isObject(field.config) ? field.config : {}) }
}

/** This deployment's name of a profile field kind; null when it does not offer it. */
export const realFieldKind = (deployment: DeploymentFile, kind: FieldKind): string | null =>
  fieldWord(deployment, kind)?.kind ?? null

/** The field kinds the file names (not null): confirmed by whoever wrote it. */
export const declaredFieldKinds = (deployment: DeploymentFile): FieldKind[] =>
  FIELD_KINDS.filter((kind) => fieldWord(deployment, kind)?.declared === true)

/** Field kinds the file says this deployment does not offer. */
export const refusedFieldKinds = (deployment: DeploymentFile): FieldKind[] =>
  FIELD_KINDS.filter((kind) => deployment.forms?.fields?.[kind] === null)

/** The file key of an activity kind's content. */
export const activityKey = (kind: string) => `sessions.activities.${kind}`

/**
 * The content (everything but `kind`) this deployment wants for an activity of `kind`: the file's,
 * undefined when the file gives none (the profile's content is sent), null when it does not offer it.
 */
export const activityContent = (
  deployment: DeploymentFile,
  kind: ActivityKind,
): Obj | null | undefined => {
  const content = deployment.sessions?.activities?.[kind]
  return content === null ? null : content === undefined ? undefined : structuredClone(content)
}

/** An activity `{ kind, …content }` as this deployment spells it, or null: not offered. */
export const spellActivity = (deployment: DeploymentFile, activity: Obj): Obj | null => {
  if (typeof activity.kind !== 'string') return activity
  const content = activityContent(deployment, activity.kind as ActivityKind)
  if (content === null) return null
  return content === undefined ? activity : { ...content, kind: activity.kind }
}

/** The value maps of the file: profile value → this deployment's, null for "no such value". */
export const VALUE_MAPS = {
  templates: (d: DeploymentFile) => d.forms?.templates,
  useCases: (d: DeploymentFile) => d.forms?.useCases,
  layouts: (d: DeploymentFile) => d.forms?.layouts,
  modes: (d: DeploymentFile) => d.sessions?.modes,
} as const
export type ValueMap = keyof typeof VALUE_MAPS
export const VALUE_KEYS: Record<ValueMap, string> = {
  templates: 'forms.templates',
  useCases: 'forms.useCases',
  layouts: 'forms.layouts',
  modes: 'sessions.modes',
}

/** A profile value as this deployment names it; null: it has none (leave the property out). */
export const spellValue = (
  deployment: DeploymentFile,
  map: ValueMap,
  value: unknown,
): unknown | null => {
  if (typeof value !== 'string') return value
  const spelled = (VALUE_MAPS[map](deployment) as Record<string, string | null> | undefined)?.[
    value
  ]
  return spelled === undefined ? value : spelled
}

/** The use cases the file names for this deployment (a string, not null or left out). */
export const namedUseCases = (deployment: DeploymentFile): Array<(typeof USE_CASES)[number]> => {
  const map = deployment.forms?.useCases ?? {}
  return USE_CASES.filter((value) => typeof map[value] === 'string')
}

/** Settings as this deployment names their values: unknown use cases and layouts left out. */
export const spellSettings = (deployment: DeploymentFile, settings: unknown): unknown => {
  if (!isObject(settings)) return settings
  const out: Obj = { ...settings }
  for (const [property, map] of [
    ['useCase', 'useCases'],
    ['layout', 'layouts'],
  ] as const) {
    if (!(property in out)) continue
    const spelled = spellValue(deployment, map, out[property])
    if (spelled === null) delete out[property]
    else out[property] = spelled
  }
  return out
}
