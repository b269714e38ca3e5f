// What both browser hosts (the mock, and watching a real API) need of msw's worker script.

const INIT_HINT =
  'Copy it into the folder your dev server serves as "/" with `npx msw init <public dir>` ' +
  '(e.g. `npx msw init public/ --save`), or pass `serviceWorkerUrl` where it is served.'

/** Registration fails opaquely on a 404 or an HTML fallback page: say what is wrong and the fix. */
const workerScriptProblem = async (url: string): Promise<string | undefined> => {
  let response: Response
  try {
    response = await fetch(url, { cache: 'no-store' })
  } catch (cause) {
    return `could not be fetched (${cause instanceof Error ? cause.message : String(cause)})`
  }
  if (!response.ok) return `answered ${response.status}`
  const type = response.headers.get('content-type') ?? ''
  if (!/javascript|ecmascript/i.test(type)) return `is not JavaScript (content-type "${type}")`
  return undefined
}

/** Why the worker at `scriptUrl` did not start, with the fix. */
export const workerStartError = async (scriptUrl: string, cause: unknown): Promise<Error> => {
  const problem = await workerScriptProblem(scriptUrl)
  const what = problem
    ? `The mock's service worker script ${scriptUrl} ${problem}.`
    : `The mock's service worker ${scriptUrl} could not start: ${cause instanceof Error ? cause.message : String(cause)}`
  return new Error(`[engagement-mock] ${what} ${INIT_HINT}`, { cause })
}
