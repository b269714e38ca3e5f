/**
 * JSON values as read from outside (a deployment's answers, HAR bodies, deployment and state
 * files): an object of unknown members, and the guard that narrows to one. Arrays are not objects
 * here: every reader walks them separately.
 */
export type Obj = Record<string, unknown>

/** Whether `value` is a JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
