import { HttpResponse, http } from 'msw'
import { API_PREFIX } from '../../contract/common.ts'
import type { MockCore } from '../core/mock.ts'

export const DEFAULT_BASE_URL = `http://localhost:4010${API_PREFIX}`

/** MSW request handlers over the mock: the API under `baseUrl`, control routes at its origin. */
export const createHandlers = (mock: MockCore, baseUrl: string = DEFAULT_BASE_URL) => {
  const root = new URL(baseUrl)
  const prefix = root.pathname.replace(/\/+$/, '')
  const json = (status: number, body: unknown) =>
    HttpResponse.json(body as Record<string, unknown>, { status })
  return [
    http.post(`${root.origin}/__mock/reset`, async () => {
      await mock.reset()
      return json(200, { ok: true })
    }),
    http.get(`${root.origin}/__mock/state`, async () => {
      // A browser mock loads the demo's parts on first use: all of them are needed here.
      await mock.filled()
      return json(200, mock.exportState())
    }),
    http.put(`${root.origin}/__mock/state`, async ({ request }) => {
      let input: unknown
      try {
        input = await request.json()
      } catch {
        return json(400, { error: 'The state must be JSON exported by GET /__mock/state.' })
      }
      const result = await mock.importState(input)
      return result.ok ? json(200, { ok: true }) : json(400, { error: result.error })
    }),
    http.all(`${root.origin}${prefix}/*`, async ({ request }) => {
      const url = new URL(request.url)
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text()
      const response = await mock.handle({
        method: request.method,
        path: url.pathname.slice(prefix.length) || '/',
        headers: Object.fromEntries(request.headers),
        ...(body === undefined ? {} : { body }),
      })
      return new HttpResponse(response.text, { status: response.status, headers: response.headers })
    }),
  ]
}
