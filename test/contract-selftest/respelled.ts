import { contract, type OperationId } from '../../contract/index.ts'
import type { Obj } from '../../contract/json.ts'
import type { Forward, Handler, ProxyRequest } from './proxy.ts'
import { obj, reply } from './rewrite.ts'

/**
 * A deployment that spells what §4 does not show differently from the profile, and refuses the
 * profile's spellings with a 400 in the operation's documented error shape. Behind it the mock does
 * the work: each request is translated back to the profile before it is forwarded.
 */
export const RESPELLED = {
  publishNow: 'publishNow',
  openNow: 'startNow',
  activities: 'items',
  rounds: 'lineup',
  brandLabel: 'brand',
  window: { start: 'window.from', end: 'window.to' },
  fieldWrapper: 'newConfig',
  presentPath: '/sessions/{id}/screen',
} as const

/** The completion of an `--init` starter file for this deployment: only the spellings that differ. */
export const completeStarter = (starter: Obj): Obj => {
  const forms = obj(starter.forms)
  const sessions = obj(starter.sessions)
  const series = obj(starter.series)
  const sponsors = obj(starter.sponsors)
  const operations = obj(starter.operations)
  return {
    ...starter,
    forms: {
      ...forms,
      create: { ...obj(forms.create), publishNow: RESPELLED.publishNow },
      replaceField: { wrapper: RESPELLED.fieldWrapper },
    },
    sessions: {
      ...sessions,
      create: {
        ...obj(sessions.create),
        openNow: RESPELLED.openNow,
        activities: RESPELLED.activities,
      },
    },
    series: { ...series, create: { ...obj(series.create), rounds: RESPELLED.rounds } },
    sponsors: {
      ...sponsors,
      create: {
        ...obj(sponsors.create),
        brandLabel: RESPELLED.brandLabel,
        windowStart: RESPELLED.window.start,
        windowEnd: RESPELLED.window.end,
      },
    },
    operations: {
      ...operations,
      presentActivity: { method: 'POST', path: RESPELLED.presentPath },
    },
  }
}

const parseBody = (request: ProxyRequest): Obj | undefined => {
  try {
    const value: unknown = JSON.parse(request.body)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Obj)
      : undefined
  } catch {
    return undefined
  }
}

const refuse = (validation: boolean, property: string) =>
  reply(
    400,
    validation
      ? {
          error: `Unknown property "${property}".`,
          issues: [{ path: [property], message: 'Unrecognized key' }],
        }
      : { error: `Unknown property "${property}".` },
  )

/** Renames `from` → `to` in `body` (in place); `from` may be a dotted path. */
const move = (body: Obj, from: string, to: string) => {
  const segments = from.split('.')
  let node: Obj | undefined = body
  for (const segment of segments.slice(0, -1)) node = obj(node?.[segment])
  const last = segments.at(-1) as string
  if (node && last in node) {
    body[to] = node[last]
    delete node[last]
  }
  if (segments.length > 1 && Object.keys(obj(body[segments[0] as string])).length === 0) {
    delete body[segments[0] as string]
  }
}

type Rule = {
  method: string
  path: RegExp
  /** The operation: its error shape (§7) is the refusal's. */
  op: OperationId
  /** Profile spellings this deployment refuses. */
  refused: string[]
  /** This deployment's spelling → the profile's, applied before forwarding. */
  translate: Array<[string, string]>
  /** The profile's path to forward to, for a path this deployment names differently. */
  forwardPath?: (path: string) => string
}

const RULES: Rule[] = [
  {
    method: 'POST',
    path: /^\/forms$/,
    op: 'createForm',
    refused: ['publish'],
    translate: [[RESPELLED.publishNow, 'publish']],
  },
  {
    method: 'POST',
    path: /^\/sessions$/,
    op: 'createSession',
    refused: ['open', 'activities'],
    translate: [
      [RESPELLED.openNow, 'open'],
      [RESPELLED.activities, 'activities'],
    ],
  },
  {
    method: 'POST',
    path: /^\/series$/,
    op: 'createSeries',
    refused: ['rounds'],
    translate: [[RESPELLED.rounds, 'rounds']],
  },
  {
    method: 'POST',
    path: /^\/sponsors$/,
    op: 'createSponsorReport',
    refused: ['brandLabel', 'rangeStart', 'rangeEnd'],
    translate: [
      [RESPELLED.brandLabel, 'brandLabel'],
      [RESPELLED.window.start, 'rangeStart'],
      [RESPELLED.window.end, 'rangeEnd'],
    ],
  },
  {
    method: 'PATCH',
    path: /^\/forms\/[^/]+\/fields\/[^/]+$/,
    op: 'replaceFieldConfig',
    refused: ['config'],
    translate: [[RESPELLED.fieldWrapper, 'config']],
  },
  {
    method: 'POST',
    path: /^\/sessions\/[^/]+\/screen$/,
    op: 'presentActivity',
    refused: [],
    translate: [],
    forwardPath: (path) => path.replace(/\/screen$/, '/present'),
  },
]

export const respelledDeployment: Handler = async (request, forward: Forward) => {
  const path = request.path.split('?')[0] ?? ''
  // The profile's path of the inferred operation does not exist here.
  if (request.method === 'POST' && /^\/sessions\/[^/]+\/present$/.test(path)) {
    return reply(404, { error: 'Not found.' })
  }
  const rule = RULES.find((r) => r.method === request.method && r.path.test(path))
  if (!rule) return forward(request)
  const body = parseBody(request)
  if (!body) {
    return forward({ ...request, path: rule.forwardPath?.(request.path) ?? request.path })
  }
  const refused = rule.refused.find((property) => property in body)
  if (refused) return refuse(contract[rule.op].errorShape === 'validation', refused)
  for (const [from, to] of rule.translate) move(body, from, to)
  if (rule.op === 'createSeries' && Array.isArray(body.rounds)) {
    // A round has a session's shape (§2): its activities are spelled as a session's.
    for (const round of body.rounds.map(obj)) {
      if ('activities' in round) return refuse(false, 'rounds[].activities')
      move(round, RESPELLED.activities, 'activities')
    }
  }
  return forward({
    ...request,
    path: rule.forwardPath?.(request.path) ?? request.path,
    body: JSON.stringify(body),
  })
}

const strip =
  (method: string, path: RegExp, ...properties: string[]): Handler =>
  (request, forward) => {
    if (request.method !== method || !path.test(request.path.split('?')[0] ?? '')) {
      return forward(request)
    }
    const body = parseBody(request) ?? {}
    for (const property of properties) delete body[property]
    return forward({ ...request, body: JSON.stringify(body) })
  }

/**
 * Real §4 breaks, placed behind the respelled front (they see the profile's names): with a completed
 * deployment file each must still fail its check, not be blocked.
 */
export const BEHIND_THE_FILE: Array<{ name: string; caughtBy: string; handler: Handler }> = [
  {
    name: 'the immediate-publish option ignored',
    caughtBy: '§3 Form: the immediate-publish option of creation publishes a form with a field',
    handler: strip('POST', /^\/forms$/, 'publish'),
  },
  {
    name: 'the open-immediately option ignored',
    caughtBy:
      '§3 Session: the open-immediately option of creation opens it, with join code and URLs',
    handler: strip('POST', /^\/sessions$/, 'open'),
  },
  {
    name: 'the inline activities of a new session dropped',
    caughtBy: '§4 POST /sessions: answers { session: Session } with its activities',
    handler: strip('POST', /^\/sessions$/, 'activities'),
  },
  {
    name: 'the round line-up of a new series dropped',
    caughtBy: '§4 POST /series: answers { series: Series } seeded with its teams and rounds',
    handler: strip('POST', /^\/series$/, 'rounds'),
  },
  {
    name: 'the date window of a new report ignored',
    caughtBy:
      '§4 POST /sponsors: answers { report: Sponsor report } with its payload and date window',
    handler: strip('POST', /^\/sponsors$/, 'rangeStart', 'rangeEnd'),
  },
  {
    name: 'a field replace acknowledged with the old config',
    caughtBy: '§4 PATCH /forms/{id}/fields/{fieldId}: answers { field: Field } with the new config',
    handler: async (request, forward) => {
      const match = /^\/forms\/([^/]+)\/fields\/([^/]+)$/.exec(request.path)
      if (request.method !== 'PATCH' || !match) return forward(request)
      const read = await forward({
        ...request,
        method: 'GET',
        path: `/forms/${match[1]}`,
        body: '',
      })
      const fields = (obj(JSON.parse(read.text)).form as { fields?: Obj[] } | undefined)?.fields
      return reply(200, { field: fields?.find((f) => f.id === match[2]) ?? {} })
    },
  },
]
