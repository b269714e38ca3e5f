import { CREATE_KEYS, type CreateSection, type DeploymentFile } from '../../../deployment/schema.ts'
import { isObject, valueAt } from '../exchange-context.ts'

type Key<S extends CreateSection> = keyof (typeof CREATE_KEYS)[S] & string

/**
 * What a create request sent for one property §4 names without spelling it (the publish-now
 * option, the settings…), read where the deployment file puts it. `unknown` when the file gives a
 * function (a TS/JS module): then nobody but that function knows the spelling.
 */
export const sentOption = <S extends CreateSection>(
  deployment: DeploymentFile,
  section: S,
  key: Key<S>,
  body: unknown,
): { known: false } | { known: true; value: unknown } => {
  const [resource] = section.split('.') as ['forms' | 'sessions' | 'series' | 'sponsors']
  const spelling = deployment[resource]?.create
  if (typeof spelling === 'function') return { known: false }
  const spelled = (spelling as Record<string, string | null | undefined> | undefined)?.[key]
  // null: this deployment has no such option, so no request sends it.
  if (spelled === null) return { known: true, value: undefined }
  const path = spelled ?? (CREATE_KEYS[section] as Record<string, string>)[key] ?? key
  return { known: true, value: isObject(body) ? valueAt(body, path) : undefined }
}
