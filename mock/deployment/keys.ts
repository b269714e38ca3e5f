import type * as z from 'zod'
import { ACTIVITY_KINDS } from '../../contract/activities.ts'
import { ERROR_CONDITIONS } from '../../contract/errors.ts'
import { FIELD_KINDS } from '../../contract/fields.ts'
import { LAYOUTS, USE_CASES } from '../../contract/form-settings.ts'
import { FORM_TEMPLATES } from '../../contract/forms.ts'
import { MODES } from '../../contract/sessions.ts'
import { operationIds } from '../../contract/table.ts'
import {
  ACTIVITY_CONTENT_KEYS,
  DeploymentFile,
  FIELD_CONFIG_KEYS,
  INFERRED_OPERATIONS,
} from './schema.ts'

/**
 * Every key path of the deployment file, read off its schema, with the families of keys named by
 * what they range over (`forms.fields.<field kind>`): what the docs' list of keys must say.
 */

/** Key sets the docs name by a placeholder instead of one key each. */
const FAMILIES: ReadonlyArray<readonly [placeholder: string, keys: readonly string[]]> = [
  ['<field kind>', FIELD_KINDS],
  // Before the activity kinds: the slides kind's one content key is `slides`.
  ['<content key>', ACTIVITY_CONTENT_KEYS],
  ['<activity kind>', ACTIVITY_KINDS],
  ['<template>', FORM_TEMPLATES],
  ['<use case>', USE_CASES],
  ['<layout>', LAYOUTS],
  ['<mode>', MODES],
  ['<inferred operation>', INFERRED_OPERATIONS],
  ['<operation>', operationIds],
  ['<error condition>', Object.keys(ERROR_CONDITIONS)],
  ['<config key>', FIELD_CONFIG_KEYS],
]

/** The placeholder of `key` when `keys` are a family's (and at most one key beside it). */
const familyOf = (key: string, keys: readonly string[]): string => {
  for (const [placeholder, family] of FAMILIES) {
    const others = keys.filter((k) => !family.includes(k))
    if (family.includes(key) && others.length <= (keys.length > 2 ? 1 : 0)) return placeholder
  }
  return key
}

const walk = (schema: z.core.$ZodType, prefix: string, out: Set<string>): void => {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      walk(def.innerType as z.core.$ZodType, prefix, out)
      return
    case 'pipe':
      walk(def.in as z.core.$ZodType, prefix, out)
      return
    case 'union':
      for (const option of def.options as z.core.$ZodType[]) walk(option, prefix, out)
      return
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>
      const keys = Object.keys(shape)
      for (const key of keys) {
        const path = `${prefix}${familyOf(key, keys)}`
        out.add(path)
        walk(shape[key] as z.core.$ZodType, `${path}.`, out)
      }
      return
    }
    case 'record': {
      const keyType = def.keyType as z.core.$ZodType
      const values = (keyType._zod.def as { entries?: Record<string, string> }).entries
      if (!values) return // a free-form object (a sample, an activity content)
      const keys = Object.values(values)
      const path = `${prefix}${familyOf(keys[0] as string, keys)}`
      out.add(path)
      walk(def.valueType as z.core.$ZodType, `${path}.`, out)
      return
    }
    default:
      return
  }
}

export const deploymentFileKeys = (): string[] => {
  const out = new Set<string>()
  walk(DeploymentFile, '', out)
  return [...out].sort()
}
