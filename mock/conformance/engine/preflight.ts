import { readAnswer } from '../../../contract/client.ts'
import { type ContractEnv, sourcesOf } from './env.ts'
import { MAX_ANSWER_BYTES } from './failure.ts'

const cause = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return 'no answer in time'
  const inner = (error as Error & { cause?: { code?: string; message?: string } }).cause
  return inner?.code ?? inner?.message ?? error.message
}

/**
 * One request before anything else, so a wrong URL, a server that is down or one that answers
 * HTML ends the run with one sentence instead of a hundred failures. `undefined` when usable.
 */
export const preflight = async (
  env: ContractEnv,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<string | undefined> => {
  const url = `${env.baseUrl}/forms`
  const given = sourcesOf(env)
  let response: Response
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${env.keys.main}`, accept: 'application/json' },
      signal: AbortSignal.timeout(env.timeoutMs),
    })
  } catch (error) {
    const why = cause(error)
    return why === 'no answer in time'
      ? `No answer from ${url} within ${env.timeoutMs} ms (${given.timeoutMs}). Is the server up?`
      : `Could not reach ${url}: ${why}. Is ${given.baseUrl} right and the server up?`
  }
  // Bounded: a deployment's answer must not exhaust memory. One too long to read is left to the checks.
  const read = await readAnswer(response, MAX_ANSWER_BYTES).catch(() => ({
    text: '',
    unread: undefined,
  }))
  const { text } = read
  const type = response.headers.get('content-type') ?? 'no content-type'
  let json = true
  try {
    if (read.unread === undefined) JSON.parse(text)
  } catch {
    json = false
  }
  const snippet = text.slice(0, 160).replace(/\s+/g, ' ')
  if (!json) {
    return `GET ${url} answered ${response.status} with a body that is not JSON (${type}): "${snippet}". Is ${given.baseUrl} the API root, e.g. https://host/api/v1?`
  }
  if (response.status === 401 || response.status === 403) {
    return `GET ${url} refused ${given.key} (${response.status}: ${snippet}). Check the key.`
  }
  if (response.status === 404) {
    return `GET ${url} answered 404 (${snippet}). Is ${given.baseUrl} the API root, e.g. https://host/api/v1?`
  }
  if (response.status >= 500) return `GET ${url} answered ${response.status}: ${snippet}`
  return undefined
}
