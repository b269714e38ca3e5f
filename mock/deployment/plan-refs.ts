import { isObject, type Obj } from '../../contract/json.ts'
import type { Ref } from '../../contract/plan.ts'
import { isRef } from '../../contract/plan-refs.ts'

/**
 * A Ref whose record was left out (or a step skipped for that reason) resolves to this: the steps
 * on it are skipped rather than sent with an id the deployment never gave.
 */
export const GONE: unique symbol = Symbol('left out')

const lookup = (named: ReadonlyMap<string, unknown>, ref: Ref): unknown => {
  const source = named.get(ref.ref)
  if (source === undefined) throw new Error(`Demo plan refers to unknown step "${ref.ref}"`)
  if (source === GONE) return GONE
  const found = ref.path
    .split('.')
    .reduce<unknown>(
      (at, key) => (isObject(at) || Array.isArray(at) ? (at as Obj)[key] : undefined),
      source,
    )
  if (found === GONE || found === null) return GONE
  if (typeof found !== 'string') {
    throw new Error(`Demo plan ref ${ref.ref}:${ref.path} is not a string in that step's answer`)
  }
  return found
}

/** resolveRefs, except that a Ref to something left out becomes GONE instead of an error. */
export const resolveKept = (value: unknown, named: ReadonlyMap<string, unknown>): unknown => {
  if (isRef(value)) return lookup(named, value)
  if (Array.isArray(value)) return value.map((v) => resolveKept(v, named))
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveKept(v, named)]))
  }
  return value
}

/** Whether anything in `value` resolved to a left-out record. */
export const hasGone = (value: unknown): boolean =>
  value === GONE ||
  (Array.isArray(value)
    ? value.some(hasGone)
    : isObject(value) && Object.values(value).some(hasGone))
