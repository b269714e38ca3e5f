import { isObject } from './json.ts'

/** Arrays the reference calls ordered: a form's fields (§2 "in order"), a session's activities (§1). */
const ORDERED_KEYS = ['fields', 'activities'] as const

/** Where a value sits in a body, built into text only for a finding (a walk visits every key). */
interface Where {
  up: Where | undefined
  key: string | number
}
const pathText = (root: string, where: Where | undefined): string => {
  const keys: (string | number)[] = []
  for (let at = where; at; at = at.up) keys.push(at.key)
  return keys.reduceRight<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`),
    root,
  )
}

/**
 * Depth first with a stack of its own, not recursion: a deployment's answer may nest deeper than
 * the call stack goes (100,000 levels is 200 KB of brackets).
 */
const walk = (body: unknown, root: string, found: string[]): void => {
  const stack: { value: unknown; where: Where | undefined }[] = [{ value: body, where: undefined }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, where } = next
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], where: { up: where, key: i } })
      continue
    }
    if (!isObject(value)) continue
    const inner: { value: unknown; where: Where }[] = []
    for (const key in value) {
      const item = value[key]
      if (typeof item !== 'object' || item === null) continue
      if ((ORDERED_KEYS as readonly string[]).includes(key) && Array.isArray(item)) {
        for (let i = 1; i < item.length; i++) {
          const before = isObject(item[i - 1])
            ? (item[i - 1] as Record<string, unknown>).order
            : undefined
          const after = isObject(item[i]) ? (item[i] as Record<string, unknown>).order : undefined
          if (typeof before === 'number' && typeof after === 'number' && !(before < after)) {
            found.push(
              `${pathText(root, { up: where, key })}[${i}].order is ${after} after ${before}`,
            )
          }
        }
      }
      inner.push({ value: item, where: { up: where, key } })
    }
    for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i] as (typeof inner)[number])
  }
}

/**
 * Every place in a body where an ordered array is not sorted by its items' `order` (strictly
 * increasing: `order` is the position). Items without a numeric `order` are left to the schema.
 * The path of a place is written only when one is found: the walk visits every key of a body.
 */
export const orderViolations = (body: unknown, path = 'body'): string[] => {
  const found: string[] = []
  walk(body, path, found)
  return found
}

/** Non-increasing createdAt: §1 "newest first" over a whole list, whoever created the items. */
export const newestFirstViolations = (items: ReadonlyArray<{ id: string; createdAt: string }>) => {
  const found: string[] = []
  for (let i = 1; i < items.length; i++) {
    const [before, after] = [items[i - 1], items[i]]
    if (before && after && Date.parse(before.createdAt) < Date.parse(after.createdAt)) {
      found.push(
        `${after.id} (${after.createdAt}) comes after the older ${before.id} (${before.createdAt})`,
      )
    }
  }
  return found
}
