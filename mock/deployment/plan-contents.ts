import { isObject, type Obj } from '../../contract/json.ts'
import type { ApiStep, DemoStep } from '../../contract/plan.ts'

/**
 * The activity contents and field configs a demo plan's step sends, in the profile's words: what
 * `--init` probes a deployment with (their richest) and what `seed --deployment` holds against the
 * probe's answers before it sends anything.
 */
export interface PlanContent {
  type: 'activity' | 'field'
  kind: string
  /** An activity's content (everything but `kind`), or a field's config. */
  content: Obj
}

const activity = (value: unknown): PlanContent[] => {
  if (!isObject(value) || typeof value.kind !== 'string') return []
  const { kind, ...content } = value
  return [{ type: 'activity', kind, content }]
}
const field = (value: unknown): PlanContent[] =>
  isObject(value) && typeof value.kind === 'string'
    ? [{ type: 'field', kind: value.kind, content: isObject(value.config) ? value.config : {} }]
    : []
const each = (list: unknown, one: (value: unknown) => PlanContent[]) =>
  Array.isArray(list) ? list.flatMap(one) : []

/**
 * What one API step sends. A replaced field config's kind is not in its body: `fieldKind` tells it
 * (the seeder knows it from the step that created the field).
 */
export const stepContents = (step: ApiStep, fieldKind?: (step: ApiStep) => string | undefined) => {
  const body = step.body
  if (!isObject(body)) return []
  switch (step.operation) {
    case 'addActivity':
      return activity(body)
    case 'createSession':
      return each(body.activities, activity)
    case 'createSeries':
      return each(body.rounds, (round) => (isObject(round) ? each(round.activities, activity) : []))
    case 'createForm':
      return each(body.fields, field)
    case 'addField':
      return field(body)
    case 'replaceFieldConfig': {
      const kind = fieldKind?.(step)
      return kind && isObject(body.config) ? field({ kind, config: body.config }) : []
    }
    default:
      return []
  }
}

/** Every content the plan's API steps send. */
export const planContents = (steps: readonly DemoStep[]): PlanContent[] =>
  steps.flatMap((step) => (step.type === 'api' ? stepContents(step) : []))

/**
 * A value's shape as a set of paths: keys, array items as `[]`, and the `type` of an item that has
 * one (`slides[].type=image`). Two values of the same shape differ only in their texts and numbers;
 * a value whose paths include another's is at least as rich. Iterative: contents come from files.
 */
export const shapePaths = (value: unknown): Set<string> => {
  const paths = new Set<string>()
  const stack: Array<[unknown, string]> = [[value, '']]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [at, path] = item
    if (Array.isArray(at)) {
      for (const inner of at) stack.push([inner, `${path}[]`])
    } else if (isObject(at)) {
      for (const [key, inner] of Object.entries(at)) {
        const here = path ? `${path}.${key}` : key
        paths.add(here)
        if (key === 'type' && typeof inner === 'string') paths.add(`${here}=${inner}`)
        stack.push([inner, here])
      }
    }
  }
  return paths
}

/** Whether every path of `value` is one of `of`'s: it uses nothing `of` does not. */
export const shapeWithin = (value: unknown, of: unknown): boolean => {
  const known = shapePaths(of)
  return [...shapePaths(value)].every((path) => known.has(path))
}
