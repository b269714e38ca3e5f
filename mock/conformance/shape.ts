/** Arrays the reference calls ordered: a form's fields (§2 "in order"), a session's activities (§1). */
const ORDERED_KEYS = ['fields', 'activities'] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every place in a body where an ordered array is not sorted by its items' `order` (strictly
 * increasing: `order` is the position). Items without a numeric `order` are left to the schema.
 */
export const orderViolations = (body: unknown, path = 'body'): string[] => {
  if (Array.isArray(body)) return body.flatMap((item, i) => orderViolations(item, `${path}[${i}]`))
  if (!isRecord(body)) return []
  const found: string[] = []
  for (const [key, value] of Object.entries(body)) {
    if ((ORDERED_KEYS as readonly string[]).includes(key) && Array.isArray(value)) {
      const orders = value.map((item) => (isRecord(item) ? item.order : undefined))
      for (let i = 1; i < orders.length; i++) {
        const [before, after] = [orders[i - 1], orders[i]]
        if (typeof before === 'number' && typeof after === 'number' && !(before < after)) {
          found.push(`${path}.${key}[${i}].order is ${after} after ${before}`)
        }
      }
    }
    found.push(...orderViolations(value, `${path}.${key}`))
  }
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
