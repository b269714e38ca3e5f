/**
 * How deep a reader of a deployment's answers (the conformance client, the traffic checker) reads:
 * a deeper answer is not handed to recursive code (zod, a walk, a report's JSON), which would
 * overflow the stack. Our own answers nest at most LIMITS.bodyDepth (64) plus their envelope.
 */
export const ANSWER_DEPTH = 256

/** The finding for an answer that nests deeper than a reader reads. */
export const tooDeep = (max: number) =>
  `answer nested deeper than ${max} levels: not checked further`

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, found without parsing.
 * JSON.parse of 400,000 nested brackets (800 KB) takes ~110 ms, forty times a flat body of the same
 * size; this scan stops at the first level too deep and costs a fraction of JSON.parse on any body
 * (strings are skipped with indexOf, which is why a 1 MiB string costs next to nothing).
 * Brackets inside strings do not count; malformed text is left for JSON.parse to describe.
 */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      const end = closingQuote(text, i)
      if (end === -1) return false
      i = end
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/** The quote that closes the string opened at `open`: the next one not escaped by a backslash. */
const closingQuote = (text: string, open: number): number => {
  let end = open
  for (;;) {
    end = text.indexOf('"', end + 1)
    if (end === -1) return -1
    let slashes = 0
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++
    if (slashes % 2 === 0) return end
  }
}
