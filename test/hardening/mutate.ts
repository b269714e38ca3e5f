import fc from 'fast-check'
import { LIMITS } from '../../contract/index.ts'
import { nastyKey, nastyValue, unknownKind } from './nasty.ts'

const setOwn = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })

type Path = (string | number)[]
const pathsOf = (value: unknown, path: Path = [], out: Path[] = []): Path[] => {
  out.push(path)
  if (path.length < 6 && value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key], out)
    }
  }
  return out
}

const MUTATIONS = ['delete', 'replace', 'add', 'kind', 'retype', 'grow'] as const

/**
 * One mutation of a valid body: a key removed, a value of the wrong type, an extra key, an
 * unknown kind, a number sent as a string (or the reverse), an array grown past its maximum.
 */
export const mutate = (valid: unknown) =>
  fc
    .record({
      op: fc.constantFrom(...MUTATIONS),
      at: fc.nat(),
      value: nastyValue,
      key: nastyKey,
      kind: unknownKind,
    })
    .map(({ op, at, value, key, kind }) => {
      const root = structuredClone(valid)
      const paths = pathsOf(root)
      const path = paths[at % paths.length] as Path
      const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as never)[k], root)
      const last = path[path.length - 1]
      const target = path.reduce<unknown>((v, k) => (v as never)[k], root)
      if (last === undefined) {
        // The root itself: replace it, or add a key to it.
        if (op === 'add' && root && typeof root === 'object' && !Array.isArray(root)) {
          setOwn(root as Record<string, unknown>, key, value)
          return root
        }
        return value
      }
      const holder = parent as Record<string | number, unknown>
      switch (op) {
        case 'delete':
          if (Array.isArray(holder)) holder.splice(Number(last), 1)
          else delete holder[last]
          break
        case 'add':
          if (target && typeof target === 'object' && !Array.isArray(target)) {
            setOwn(target as Record<string, unknown>, key, value)
          } else holder[last] = value
          break
        case 'kind':
          if (target && typeof target === 'object' && 'kind' in target) {
            ;(target as Record<string, unknown>).kind = kind
          } else holder[last] = kind
          break
        case 'retype':
          holder[last] =
            typeof target === 'number'
              ? String(target)
              : typeof target === 'string' && target.trim() !== '' && !Number.isNaN(Number(target))
                ? Number(target)
                : typeof target === 'boolean'
                  ? String(target)
                  : value
          break
        case 'grow':
          holder[last] = Array.isArray(target)
            ? Array.from(
                { length: LIMITS.fieldsPerForm + 1 },
                (_, i) => target[i % Math.max(1, target.length)] ?? value,
              )
            : typeof target === 'string'
              ? target.padEnd(LIMITS.descriptionLength + 1, 'x')
              : value
          break
        default:
          holder[last] = value
      }
      return root
    })
