import type { SentRequest } from '../../contract/client.ts'

/** POSIX single-quoting: safe for any byte sequence except NUL. */
export const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

/** Above this, a body goes through stdin: one shell argument is capped at 128 KiB on Linux. */
const INLINE_BODY_LIMIT = 4096

/** A long body is almost always one character repeated (size-limit probes); rebuild it with a pipe. */
const bodyPipeline = (body: string): string => {
  const run = /(.)\1{1023,}/s.exec(body)
  if (!run || run[1] === undefined || run[1] === '\0') {
    return `printf %s ${shellQuote(body)}`
  }
  const prefix = body.slice(0, run.index)
  const suffix = body.slice(run.index + run[0].length)
  return `{ printf %s ${shellQuote(prefix)}; head -c ${run[0].length} /dev/zero | tr '\\0' ${shellQuote(run[1])}; printf %s ${shellQuote(suffix)}; }`
}

/**
 * The request as a runnable curl command. The bearer value is replaced by the shell variable that
 * holds it (`$CONTRACT_API_KEY`, …) when it is one of the run's keys; any other value (a deliberately
 * wrong key) is not a secret and stays visible.
 */
export const toCurl = (request: SentRequest, keyVars: ReadonlyMap<string, string>): string => {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)]
  for (const [name, value] of Object.entries(request.headers)) {
    const variable =
      name.toLowerCase() === 'authorization'
        ? keyVars.get(value.replace(/^Bearer\s+/i, ''))
        : undefined
    // Double quotes so the shell expands the variable.
    parts.push('-H', variable ? `"${name}: Bearer $${variable}"` : shellQuote(`${name}: ${value}`))
  }
  if (request.body === undefined) return parts.join(' ')
  if (request.body.length <= INLINE_BODY_LIMIT) {
    return [...parts, '--data-binary', shellQuote(request.body)].join(' ')
  }
  return `${bodyPipeline(request.body)} | ${[...parts, '--data-binary', '@-'].join(' ')}`
}
