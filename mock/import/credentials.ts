import type { MockState } from '../core/state.ts'

/** What stands in for a recorded key an answer echoed (a curl's variable, as elsewhere). */
export const KEY_PLACEHOLDER = '$API_KEY'

/**
 * The state with every occurrence of a recorded credential replaced, however an answer echoed it
 * (a title, a config, a payload): no key value is ever written. Tokens shorter than 8 characters
 * are not looked for, since they would match ordinary words. Returns how many were replaced.
 */
export const withoutCredentials = (
  state: MockState,
  tokens: readonly string[],
): { state: MockState; replaced: number } => {
  const wanted = tokens.filter((token) => token.length >= 8)
  if (wanted.length === 0) return { state, replaced: 0 }
  let text = JSON.stringify(state)
  let replaced = 0
  for (const token of wanted) {
    // As the token appears inside a JSON string.
    const escaped = JSON.stringify(token).slice(1, -1)
    const parts = text.split(escaped)
    replaced += parts.length - 1
    text = parts.join(KEY_PLACEHOLDER)
  }
  return { state: replaced === 0 ? state : (JSON.parse(text) as MockState), replaced }
}
