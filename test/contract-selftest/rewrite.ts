import type { Obj } from '../../contract/json.ts'
import { DEMO_KEYS } from '../../mock/conformance/engine/env.ts'
import type { Forward, Handler, ProxyAnswer, ProxyRequest } from './proxy.ts'

/** Small tools to build a deviant: match a request, edit an answer, turn a refusal into a success. */
export const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const parse = (answer: ProxyAnswer): Obj => {
  try {
    return obj(JSON.parse(answer.text))
  } catch {
    return {}
  }
}
export const reply = (status: number, body: unknown): ProxyAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify(body),
})
export const ok = (answer: ProxyAnswer) => answer.status >= 200 && answer.status < 300
export const withKey = (request: ProxyRequest, key: string): ProxyRequest => ({
  ...request,
  headers: { ...request.headers, authorization: `Bearer ${key}` },
})
export const otherKey = (request: ProxyRequest) =>
  request.headers.authorization === `Bearer ${DEMO_KEYS.main}` ? DEMO_KEYS.otherOrg : DEMO_KEYS.main

/** Rewrites only requests to `method path`; everything else passes through. */
export const on =
  (method: string, path: RegExp, rewrite: Handler): Handler =>
  (request, forward) =>
    request.method === method && path.test(request.path.split('?')[0] ?? '')
      ? rewrite(request, forward)
      : forward(request)

/** Forwards, then changes the JSON body of the answer. */
export const edit =
  (change: (body: Obj, answer: ProxyAnswer) => unknown): Handler =>
  async (request, forward) => {
    const answer = await forward(request)
    const body = parse(answer)
    return reply(answer.status, change(body, answer) ?? body)
  }

/** When the mock refuses with `status`, answer instead with what `instead` builds. */
export const accept =
  (
    status: number,
    instead: (request: ProxyRequest, forward: Forward) => Promise<ProxyAnswer>,
  ): Handler =>
  async (request, forward) => {
    const answer = await forward(request)
    return answer.status === status ? instead(request, forward) : answer
  }

export const formWithStatus = async (request: ProxyRequest, forward: Forward, status: string) => {
  const id = request.path.split('/')[2] ?? ''
  const form = obj(
    parse(await forward({ ...request, method: 'GET', path: `/forms/${id}`, body: '' })).form,
  )
  return reply(200, {
    form: { ...form, status, publishedAt: form.publishedAt ?? new Date().toISOString() },
  })
}

export const LISTS: Record<string, string> = {
  '/forms': 'forms',
  '/sessions': 'sessions',
  '/series': 'series',
  '/sponsors': 'reports',
}
