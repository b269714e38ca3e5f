// What an operation's route documents of errors. Apart from route.ts, which the typed client
// imports: these read the error tables (values), which a client bundle has no use for.
import {
  BODY_CONDITIONS,
  CHAOS_CONDITIONS,
  ERROR_CONDITIONS,
  type ErrorCondition,
  UNIVERSAL_CONDITIONS,
} from './errors.ts'
import type { RouteDef } from './route.ts'

/** Every error condition an operation can meet: its own, the universal, body and chaos ones. */
export const conditionsOf = (route: RouteDef): ErrorCondition[] => [
  ...new Set<ErrorCondition>([
    ...UNIVERSAL_CONDITIONS,
    ...(route.body ? BODY_CONDITIONS : []),
    ...(route.entitlement ? (['missing_entitlement'] as const) : []),
    ...route.errors,
    'internal',
    ...CHAOS_CONDITIONS,
  ]),
]

/** The error statuses an operation documents, ascending: the only ones `Prefer: code=` answers. */
export const errorStatusesOf = (route: RouteDef): number[] =>
  [...new Set(conditionsOf(route).map((c) => ERROR_CONDITIONS[c].status))].sort((a, b) => a - b)

/** The refusal of a `Prefer: code=` the operation does not document (`unsupported_preference`). */
export const unsupportedPreference = (code: number, route: RouteDef): string =>
  `"Prefer: code=${code}" names a status ${route.method} ${route.path} does not document; it documents ${errorStatusesOf(route).join(', ')}.`
