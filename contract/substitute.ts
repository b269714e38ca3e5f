import * as z from 'zod'

/** `*` stands for every element of an array. */
export type SchemaPath = ReadonlyArray<string | '*'>

type Def = z.core.$ZodTypeDef & Record<string, unknown>
const defOf = (schema: z.ZodType) => schema._zod.def as Def

/** Wrappers whose one inner schema is `innerType`. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
])

/** The same schema (its checks, defaults and metadata kept) with a new definition. */
const rebuilt = (schema: z.ZodType, def: Def): z.ZodType => {
  const copy = schema.clone(def as typeof schema._zod.def)
  const meta = z.globalRegistry.get(schema)
  if (meta) copy.register(z.globalRegistry, meta)
  return copy
}

/**
 * `schema` with each schema that is a key of `swaps` replaced by its value, however deep (objects,
 * arrays, unions, wrappers such as `.default()`, records, pipes). What contains none is returned
 * as it is, so a schema without any keeps its identity (and its `.meta()` id in OpenAPI).
 */
export const substitute = (
  schema: z.ZodType,
  swaps: ReadonlyMap<z.ZodType, z.ZodType>,
): z.ZodType => {
  const swapped = swaps.get(schema)
  if (swapped) return swapped
  const def = defOf(schema)
  const inner = (key: string): z.ZodType | undefined => {
    const value = def[key] as z.ZodType
    const next = substitute(value, swaps)
    return next === value ? undefined : next
  }
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>
      let changed = false
      const next = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => {
          const replaced = substitute(value, swaps)
          if (replaced !== value) changed = true
          return [key, replaced]
        }),
      )
      return changed ? rebuilt(schema, { ...def, shape: next }) : schema
    }
    case 'array': {
      const element = inner('element')
      return element ? rebuilt(schema, { ...def, element }) : schema
    }
    case 'union': {
      const options = def.options as z.ZodType[]
      const next = options.map((option) => substitute(option, swaps))
      return next.some((option, i) => option !== options[i])
        ? rebuilt(schema, { ...def, options: next })
        : schema
    }
    case 'record': {
      const valueType = inner('valueType')
      return valueType ? rebuilt(schema, { ...def, valueType }) : schema
    }
    case 'pipe': {
      const [input, output] = [inner('in'), inner('out')]
      return input || output
        ? rebuilt(schema, { ...def, in: input ?? def.in, out: output ?? def.out })
        : schema
    }
    default: {
      if (!WRAPPERS.has(def.type)) return schema
      const innerType = inner('innerType')
      return innerType ? rebuilt(schema, { ...def, innerType }) : schema
    }
  }
}

/**
 * Where `target` occurs in `schema`: `[]` for the schema itself, `['activities', '*']` for each
 * element of its `activities` array, and so on (the same shapes as `substitute` walks).
 */
export const locate = (schema: z.ZodType, target: z.ZodType): SchemaPath[] => {
  if (schema === target) return [[]]
  const def = defOf(schema)
  const under = (key: string, prefix: SchemaPath = []) =>
    locate(def[key] as z.ZodType, target).map((path) => [...prefix, ...path])
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        locate(value, target).map((path) => [key, ...path]),
      )
    case 'array':
      return under('element', ['*'])
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => locate(option, target))
    case 'pipe':
      return under('in')
    default:
      return WRAPPERS.has(def.type) ? under('innerType') : []
  }
}
