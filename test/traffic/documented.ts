import type { TrafficExchange } from '../../mock/traffic/exchange.ts'

/** A form as §2 documents it, valid under the documented schema. */
export const documentedForm = (id: string, createdAt = '2026-07-01T10:00:00.000Z') => ({
  id,
  title: 'Retro',
  description: '',
  status: 'draft',
  joinCode: 'ABC234',
  slug: 'retro',
  shareUrl: 'https://forms.example.com/f/retro',
  settings: {
    collectEmail: false,
    emailRequired: false,
    thankYouMessage: 'Thanks',
    redirectUrl: null,
    showProgress: true,
    useCase: 'retro',
    layout: 'single_page',
  },
  publishedAt: null,
  createdAt,
  fields: [],
})

/**
 * An exchange as an app's client sends it to https://api.example.com/api/v1 with a JSON answer
 * (`answer` as text if a string); `extra.body` is the request's JSON body, the rest overrides.
 */
export const apiExchange = (
  method: string,
  path: string,
  status: number,
  answer: unknown,
  extra: Partial<TrafficExchange> & { body?: unknown } = {},
): TrafficExchange => {
  const { body, ...rest } = extra
  return {
    method,
    path,
    url: `https://api.example.com/api/v1${path}`,
    requestHeaders: {
      authorization: 'Bearer $API_KEY',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { requestBody: JSON.stringify(body) }),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: typeof answer === 'string' ? answer : JSON.stringify(answer),
    ...rest,
  }
}
