import { afterAll, beforeAll } from 'vitest'
import { type Client, createClient } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { mountPages } from '../../mock/http/pages/index.ts'

export interface Page {
  status: number
  type: string | null
  headers: Headers
  html: string
}

/** The mock with its pages, as `serve` runs it, shared by the tests of one file. */
export const usePagesServer = () => {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, extend: mountPages })
  })
  afterAll(() => server?.close())
  const running = () => {
    if (!server) throw new Error('server not started')
    return server
  }
  return {
    running,
    api: (): Client => createClient({ baseUrl: running().baseUrl, apiKey: ACME_KEY }),
    /** GET a path (or the path of a public URL, whose host is the mock's public base). */
    get: async (pathOrUrl: string): Promise<Page> => {
      const path = pathOrUrl.startsWith('http') ? new URL(pathOrUrl).pathname : pathOrUrl
      const res = await fetch(running().url + path, { redirect: 'manual' })
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        headers: res.headers,
        html: await res.text(),
      }
    },
  }
}

/** The markup of one chart, by its class. */
export const chartOf = (html: string, name: string): string =>
  html.match(new RegExp(`<svg class="chart ${name}"[\\s\\S]*?</svg>`))?.[0] ?? ''

export const count = (text: string, needle: string): number => text.split(needle).length - 1

/** The demo records of Acme, as the API lists them. */
export const seededLists = async (api: Client) => {
  const [forms, sessions, series, reports] = await Promise.all([
    api.listForms(),
    api.listSessions(),
    api.listSeries(),
    api.listSponsorReports(),
  ])
  if (!forms.ok || !sessions.ok || !series.ok || !reports.ok) throw new Error('seed lists failed')
  return {
    forms: forms.body.forms,
    sessions: sessions.body.sessions,
    series: series.body.series,
    reports: reports.body.reports,
  }
}
