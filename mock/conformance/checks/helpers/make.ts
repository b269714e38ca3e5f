import type { ActivityInput } from '../../../../contract/activities.ts'
import type { FieldInput } from '../../../../contract/fields.ts'
import { ACTIVITY_SAMPLES, fieldSample } from '../../../../contract/input-examples.ts'
import type { CreateSeriesBody } from '../../../../contract/series.ts'
import type { Mode } from '../../../../contract/sessions.ts'
import type { CreateSponsorReportBody } from '../../../../contract/sponsors.ts'
import type { CheckContext, DocBody } from '../../engine/context.ts'
import type { KeyRole } from '../../engine/env.ts'
import type { Exchange } from '../../engine/failure.ts'
import type { RecordKind } from '../../engine/run-state.ts'

/**
 * Setup steps: create a record of this run (titled with the run marker), validate the answer like
 * any other, and remember it for clean-up. Every create goes through here.
 */

const idAt = (body: unknown, key: string): string | undefined => {
  const inner =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined
  const id =
    typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>).id : undefined
  return typeof id === 'string' ? id : undefined
}

/** Records anything a 2xx created before its body is judged, so a malformed answer still gets cleaned up. */
export const remember = (
  ctx: CheckContext,
  kind: RecordKind,
  envelope: string,
  exchange: Exchange,
  role: KeyRole,
): void => {
  const id =
    exchange.status >= 200 && exchange.status < 300 ? idAt(exchange.body, envelope) : undefined
  if (id) ctx.track(kind, id, role)
}

const TITLE_KEYS = {
  form: 'forms.create.title',
  session: 'sessions.create.title',
  series: 'series.create.title',
  report: 'sponsors.create.title',
} as const

/** Without the run marker in its title a record cannot be told apart: nothing more is done with it. */
const marked = (ctx: CheckContext, title: string, exchange: Exchange, what: RecordKind) => {
  if (title.startsWith(ctx.run.marker)) return
  ctx.block(
    `The new ${what} is titled "${title}", not with the title sent: this deployment does not read the title where it was sent (§4 does not show the name), so the run marker cannot be applied`,
    exchange,
    [TITLE_KEYS[what]],
  )
}

export interface FormOptions {
  label?: string
  fields?: number | FieldInput[]
  role?: KeyRole
  /** Sent inline in POST /forms with the immediate-publish option (§4), not appended after. */
  publish?: boolean
}

/** A form of this run, with `fields` appended through POST /forms/{id}/fields (§4's documented body). */
export const makeForm = async (ctx: CheckContext, options: FormOptions = {}) => {
  const role = options.role ?? 'main'
  const client = ctx.as(role)
  const inputs =
    typeof options.fields === 'number'
      ? Array.from({ length: options.fields }, (_, i) => fieldSample(i))
      : (options.fields ?? [])
  const title = ctx.title(options.label ?? 'Form')
  const exchange = await client.createForm({
    body: options.publish ? { title, fields: inputs, publish: true } : { title },
  })
  remember(ctx, 'form', 'form', exchange, role)
  const { form } = ctx.setup('createForm', exchange)
  marked(ctx, form.title, exchange, 'form')
  if (options.publish)
    return { form, fields: form.fields, fieldIds: form.fields.map((f) => f.id), exchange }
  const fields: Array<DocBody<'addField'>['field']> = []
  for (const input of inputs) {
    const added = await client.addField({ params: { id: form.id }, body: input })
    fields.push(ctx.setup('addField', added).field)
  }
  return { form, fields, fieldIds: fields.map((f) => f.id), exchange }
}

export interface SessionOptions {
  label?: string
  teamMode?: boolean
  mode?: Mode
  activities?: ActivityInput[]
  role?: KeyRole
  /** The open-immediately option of session creation (§3, §4). */
  open?: boolean
}

export const makeSession = async (ctx: CheckContext, options: SessionOptions = {}) => {
  const role = options.role ?? 'main'
  const exchange = await ctx.as(role).createSession({
    body: {
      title: ctx.title(options.label ?? 'Session'),
      activities: options.activities ?? [ACTIVITY_SAMPLES.poll],
      ...(options.teamMode === undefined ? {} : { teamMode: options.teamMode }),
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      ...(options.open ? { open: true } : {}),
    },
  })
  remember(ctx, 'session', 'session', exchange, role)
  const { session } = ctx.setup('createSession', exchange)
  marked(ctx, session.title, exchange, 'session')
  return { session, exchange }
}

/** An open session of this run (created, then POST /sessions/{id}/open). */
export const makeOpenSession = async (ctx: CheckContext, options: SessionOptions = {}) => {
  const { session } = await makeSession(ctx, options)
  const exchange = await ctx.as(options.role ?? 'main').openSession({ params: { id: session.id } })
  return { session: ctx.success('openSession', exchange).session, exchange }
}

export const makeSeries = async (
  ctx: CheckContext,
  body: Partial<CreateSeriesBody> = {},
  role: KeyRole = 'main',
) => {
  const exchange = await ctx.as(role).createSeries({
    body: { ...body, title: ctx.title(body.title ?? 'Series') },
  })
  remember(ctx, 'series', 'series', exchange, role)
  const { series } = ctx.setup('createSeries', exchange)
  marked(ctx, series.title, exchange, 'series')
  return { series, exchange }
}

export const makeReport = async (
  ctx: CheckContext,
  body: Partial<CreateSponsorReportBody> = {},
  role: KeyRole = 'main',
) => {
  const exchange = await ctx.as(role).createSponsorReport({
    body: { brandLabel: 'Contract suite', ...body, title: ctx.title(body.title ?? 'Report') },
  })
  remember(ctx, 'report', 'report', exchange, role)
  const { report } = ctx.setup('createSponsorReport', exchange)
  marked(ctx, report.title, exchange, 'report')
  return { report, exchange }
}

/** An id no deployment can hold: it names this run and has no resource prefix. */
export const missingId = (runId: string, what: string): string => `missing-${what}-${runId}`

/** Pauses so that two records created one after the other get different createdAt values. */
export const tick = (ms = 15) => new Promise<void>((resolve) => setTimeout(resolve, ms))
