import { API_PREFIX } from '../../../contract/common.ts'
import { DEMO_ORGANIZATIONS } from '../../../fixtures/organizations.ts'
import { CONTROL_TOKEN_ENV, type ControlAccess } from '../../http/control-access.ts'

export interface BannerInput {
  /** Origin as a person would type it, e.g. http://localhost:4010. */
  origin: string
  publicBase: string
  seed: number
  /** As given to --scenario; absent for the demo data. */
  scenario?: string
  latency?: number | readonly [number, number]
  failRate?: number
  statePath?: string
  stateLoaded?: boolean
  /** Journal entries replayed at start. */
  replayed?: number
  journalPath?: string
  /** What a crash may lose, in ms (KeptState.windowMs). */
  windowMs?: number
  /** How the control routes are secured (startServer's `control`). */
  control?: ControlAccess
  /** An earlier release than the latest: its label and what later releases added. */
  release?: { label: string; later: string }
}

/** The control lines: how `/__mock/*` is secured, and a reset that works as printed. */
const controlLines = (origin: string, control: ControlAccess = { generated: false }) => {
  if (control.token === undefined) {
    return [
      '  Control      /__mock/* open: the mock listens on loopback only (--control-token requires a token)',
      '',
      '  Reset: POST /__mock/reset · Stop: Ctrl+C',
    ]
  }
  const shown = control.generated ? control.token : '<your control token>'
  return [
    control.generated
      ? `  Control      /__mock/* needs "Authorization: Bearer <token>" with this run's token:`
      : `  Control      /__mock/* needs "Authorization: Bearer <token>" (--control-token or ${CONTROL_TOKEN_ENV})`,
    ...(control.generated
      ? [
          `    ${control.token}`,
          `    (made at start; set your own with --control-token or ${CONTROL_TOKEN_ENV})`,
        ]
      : []),
    '',
    `  Reset: curl -X POST -H "Authorization: Bearer ${shown}" ${origin}/__mock/reset · Stop: Ctrl+C`,
  ]
}

/** What `serve` prints at start: enough to make a first request without reading anything else. */
export const banner = (input: BannerInput): string => {
  const api = input.origin + API_PREFIX
  const width = Math.max(...DEMO_ORGANIZATIONS.map((org) => org.apiKey.length))
  const keys = DEMO_ORGANIZATIONS.map((org) => {
    const may =
      org.entitlements.length === 0
        ? `no entitlements${input.release ? '' : ': POST /series and POST /sponsors answer 403'}`
        : `entitlements ${org.entitlements.join(', ')}: may call every operation`
    return `    ${org.apiKey.padEnd(width)}  ${org.name}, ${may}`
  })
  const lines = [
    `Engagement Service mock on ${input.origin} (seed ${input.seed})`,
    '',
    `  API root     ${api}`,
    `  API docs     ${input.origin}/docs   (OpenAPI: ${input.origin}/openapi.json)`,
    `  Share links  ${input.publicBase}/…  (set with --public-url)`,
    '',
    '  Demo API keys (Authorization: Bearer <key>)',
    ...keys,
    '',
    '  First request',
    `    curl -H "Authorization: Bearer ${DEMO_ORGANIZATIONS[0]?.apiKey}" ${api}/forms`,
  ]
  const chaos = [
    ...(input.latency === undefined
      ? []
      : [
          `latency ${typeof input.latency === 'number' ? input.latency : input.latency.join('-')} ms`,
        ]),
    ...(input.failRate ? [`${input.failRate * 100}% of requests answer 503`] : []),
  ]
  if (chaos.length > 0) lines.push('', `  Chaos        ${chaos.join(', ')}`)
  if (input.release !== undefined) {
    lines.push(
      '',
      `  Release      ${input.release.label} of the API: later additions are not served`,
      `               (${input.release.later})`,
    )
  }
  if (input.scenario !== undefined) {
    lines.push('', `  Scenario     ${input.scenario} (what POST /__mock/reset goes back to)`)
  }
  if (input.statePath !== undefined) {
    const replayed = input.replayed
      ? ` and ${input.replayed} ${input.replayed === 1 ? 'change' : 'changes'} from its journal`
      : ''
    lines.push(
      '',
      `  State        ${input.stateLoaded ? `loaded from ${input.statePath}${replayed}` : `starts from ${input.scenario === undefined ? 'the demo data' : `scenario ${input.scenario}`}, saved to ${input.statePath}`}`,
      `               every change saved within ${input.windowMs} ms (to ${input.journalPath ?? `${input.statePath}.journal`}), so a crash loses at most that`,
    )
  }
  lines.push('', ...controlLines(input.origin, input.control), '')
  return lines.join('\n')
}
