import type { MockState } from '../core/state.ts'
import { Secrets } from '../report-format/secrets.ts'

/** What stands in for a recorded key an answer echoed (a curl's variable, as elsewhere). */
export const KEY_PLACEHOLDER = '$API_KEY'

/**
 * The state with every occurrence of a recorded credential replaced, however an answer echoed it
 * (a title, a config, a payload; raw, JSON-escaped or URL-encoded, as `Secrets` finds them): no
 * key value is ever written. Tokens shorter than 8 characters are not looked for, since they would
 * match ordinary words. Returns how many were replaced.
 */
export const withoutCredentials = (
  state: MockState,
  tokens: readonly string[],
): { state: MockState; replaced: number } => {
  const wanted = tokens.filter((token) => token.length >= 8)
  if (wanted.length === 0) return { state, replaced: 0 }
  const secrets = new Secrets(wanted.map((token) => [token, KEY_PLACEHOLDER.slice(1)] as const))
  const text = JSON.stringify(state)
  const scrubbed = secrets.scrub(text)
  if (scrubbed === text) return { state, replaced: 0 }
  const count = (of: string) => of.split(KEY_PLACEHOLDER).length - 1
  return { state: JSON.parse(scrubbed) as MockState, replaced: count(scrubbed) - count(text) }
}
