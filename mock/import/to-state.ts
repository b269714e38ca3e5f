import type * as z from 'zod'
import { ACTIVITY_CONFIGS, ACTIVITY_KINDS, type ActivityKind } from '../../contract/activities.ts'
import {
  Color,
  DEFAULT_PUBLIC_BASE,
  type IdKind,
  publicPath,
  RecordedIdentifier,
} from '../../contract/common.ts'
import { FIELD_CONFIGS, type FieldKind } from '../../contract/fields.ts'
import { SETTINGS_DEFAULTS } from '../../contract/form-settings.ts'
import { ACTIVITY_SAMPLES } from '../../contract/input-examples.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { Entitlement } from '../../contract/route.ts'
import { SponsorPayload } from '../../contract/sponsors.ts'
import { StoredForm, StoredResponse } from '../core/records/forms.ts'
import { StoredSeries } from '../core/records/series.ts'
import { StoredSession } from '../core/records/sessions.ts'
import { StoredReport } from '../core/records/sponsors.ts'
import { type Outcome, refused } from '../core/result.ts'
import type { MockState } from '../core/state.ts'
import type { Organization } from '../core/store.ts'
import { Fakes } from './fakes.ts'
import {
  NO_CREDENTIAL,
  type Observations,
  type Observed,
  RESOURCES,
  type Resource,
} from './observe.ts'
import { contractWords, type ReadBack } from './words.ts'

/**
 * Observed records (the deployment's answers, documented layer) become a state of the mock
 * (profile layer): the deployment's words read back into the contract's, identifiers kept where the
 * profile can hold them, public links pointing at the mock's pages, what respondents submitted (a
 * response's email and answers) replaced by fakes. A record's definition (titles, descriptions,
 * field configs, settings, activity contents, team names) is the organization's own, kept as
 * recorded: an imported form is the form staging has, and `seed --from` copies it as it is. What
 * cannot be held is left out, of its record or whole, and counted with why.
 */

export const DEMO_KEYS = ['acme-demo-key', 'globex-demo-key'] as const
/** The demo's entitlements for each demo key; a generated key's organization gets every one. */
const DEMO_ENTITLEMENTS: Entitlement[][] = [['series', 'data_export_analytics'], []]

export interface ResourceCount {
  imported: number
  /** Imported records that more than one answer showed (a list and a read by id…), merged. */
  merged: number
  leftOut: Array<{ id: string; why: string }>
}

export interface ImportReport {
  exchanges: number
  /** Exchanges outside the contract. */
  outside: number
  unread: Array<{ index: number; why: string }>
  resources: Record<Resource, ResourceCount>
  /** Parts left out of, or replaced in, records that were imported: `what` × count, with the key. */
  parts: Array<{ what: string; key: string; count: number }>
  organizations: Array<{
    apiKey: string
    name: string
    /** Which credential of the traffic it stands for: its order of appearance, never its value. */
    credential: string
    records: number
    entitlements: Entitlement[]
    entitlementsFrom: 'traffic' | 'demo'
  }>
  personalData: { kept: boolean; emails: number; answers: number }
  /** Recorded identifiers a state cannot hold (not URL-safe, or repeated), given one of the mock's. */
  reissued: { ids: number; joinCodes: number; slugs: number }
  vocabulary: string
  /** Occurrences of a recorded credential that answers echoed, replaced by `$API_KEY`. */
  credentialsRemoved: number
}

export interface ToStateOptions {
  words?: ReadBack
  keepPersonalData?: boolean
  /** The public base of the links in the state: the mock's pages (default http://localhost:4010). */
  publicBase?: string
}

const stamp = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined
  const time = Date.parse(value)
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined
}
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const objects = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObject) : [])
/** Items in their recorded order: by `order` where each has one, else as listed. */
const inOrder = (items: Obj[]): Obj[] =>
  items.every((item) => typeof item.order === 'number')
    ? [...items].sort((a, b) => (a.order as number) - (b.order as number))
    : items

const PALETTE = ['#E53935', '#1E88E5', '#43A047', '#FB8C00', '#8E24AA', '#00ACC1', '#6D4C41']

class Conversion {
  readonly words: ReadBack
  readonly fakes = new Fakes()
  readonly keep: boolean
  readonly base: string
  readonly parts = new Map<string, { what: string; key: string; count: number }>()
  readonly reissued = { ids: 0, joinCodes: 0, slugs: 0 }
  /** Recorded identifier → the one stored (the same unless re-issued). */
  readonly #ids = new Map<string, string>()
  readonly #taken = { id: new Set<string>(), joinCode: new Set<string>(), slug: new Set<string>() }

  constructor(options: ToStateOptions) {
    this.words = options.words ?? contractWords
    this.keep = options.keepPersonalData === true
    this.base = (options.publicBase ?? DEFAULT_PUBLIC_BASE).replace(/\/+$/, '')
  }

  part(what: string, key: string) {
    const line = `${what} (${key})`
    const known = this.parts.get(line) ?? { what, key, count: 0 }
    known.count++
    this.parts.set(line, known)
  }

  /** The identifier stored for a recorded one: itself when the profile can hold it and it is free. */
  #claim(
    set: 'id' | 'joinCode' | 'slug',
    recorded: string,
    fits: boolean,
    draw: (attempt: number) => string,
  ): string {
    const taken = this.#taken[set]
    if (fits && !taken.has(recorded)) {
      taken.add(recorded)
      return recorded
    }
    for (let attempt = 0; ; attempt++) {
      const value = draw(attempt)
      if (taken.has(value)) continue
      taken.add(value)
      if (set === 'id') this.reissued.ids++
      else if (set === 'joinCode') this.reissued.joinCodes++
      else this.reissued.slugs++
      return value
    }
  }

  id(kind: IdKind, recorded: unknown): string {
    const value = typeof recorded === 'string' && recorded !== '' ? recorded : `${kind}?`
    const known = this.#ids.get(`${kind}:${value}`)
    if (known) return known
    const fits = RecordedIdentifier.safeParse(value).success
    const stored = this.#claim('id', value, fits, (n) => this.fakes.id(kind, value, n))
    this.#ids.set(`${kind}:${value}`, stored)
    return stored
  }
  /** The stored id of a recorded one, if it was stored. */
  storedId(kind: IdKind, recorded: unknown): string | undefined {
    return typeof recorded === 'string' ? this.#ids.get(`${kind}:${recorded}`) : undefined
  }
  joinCode(recorded: unknown): string {
    const value = text(recorded) ?? ''
    return this.#claim('joinCode', value, RecordedIdentifier.safeParse(value).success, (n) =>
      this.fakes.joinCode(value, n),
    )
  }
  slug(recorded: unknown, title: string): string {
    const value = text(recorded) ?? ''
    return this.#claim('slug', value, RecordedIdentifier.safeParse(value).success, (n) =>
      this.fakes.slug(value || title, n),
    )
  }
}

type Converted<T> = Outcome<{ record: T }>

/**
 * A config or content parsed by its strict schema, keys the contract does not have left out and
 * counted (`what` names the record part): a deployment's extra option has no counterpart.
 */
const strictly = <S extends z.ZodType>(
  c: Conversion,
  schema: S,
  value: Obj,
  what: string,
  key: string,
) => {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed
  const unknown = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && issue.path.length === 0 ? issue.keys : [],
  )
  if (unknown.length === 0) return parsed
  const kept = Object.fromEntries(Object.entries(value).filter(([k]) => !unknown.includes(k)))
  const again = schema.safeParse(kept)
  if (again.success) {
    for (const k of unknown) c.part(`${what} key "${k}", no counterpart: left out`, key)
  }
  return again
}

const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0]
  const path = issue?.path.map(String).join('.') || '(record)'
  return `${path}: ${issue?.message ?? 'invalid'}`
}

const settingsOf = (c: Conversion, recorded: unknown) => {
  const given = isObject(recorded) ? recorded : {}
  const settings: Obj = { ...SETTINGS_DEFAULTS }
  for (const key of ['collectEmail', 'emailRequired', 'showProgress'] as const) {
    if (typeof given[key] === 'boolean') settings[key] = given[key]
  }
  if (typeof given.thankYouMessage === 'string') settings.thankYouMessage = given.thankYouMessage
  if (typeof given.redirectUrl === 'string' && URL.canParse(given.redirectUrl))
    settings.redirectUrl = given.redirectUrl
  for (const [key, read, file] of [
    ['useCase', (v: string) => c.words.useCase(v), 'forms.useCases'],
    ['layout', (v: string) => c.words.layout(v), 'forms.layouts'],
  ] as const) {
    const value = given[key]
    if (typeof value !== 'string') continue
    const word = read(value)
    if (word) settings[key] = word
    else c.part(`a ${key} "${value}" with no counterpart: the default`, file)
  }
  if (settings.emailRequired === true && settings.collectEmail !== true)
    settings.emailRequired = false
  return settings
}

const fieldsOf = (c: Conversion, recorded: unknown) => {
  const fields: Obj[] = []
  for (const field of inOrder(objects(recorded))) {
    const kind = text(field.kind) ?? '(none)'
    const config = isObject(field.config) ? field.config : {}
    const read = c.words.field(kind, config)
    if (!read) {
      c.part(`a field of kind "${kind}", no counterpart: left out`, 'forms.fields')
      continue
    }
    const parsed = strictly(
      c,
      FIELD_CONFIGS[read.kind as FieldKind],
      read.config,
      `a ${read.kind} field's config`,
      `forms.fields.${read.kind}.config`,
    )
    if (!parsed.success) {
      c.part(
        `a ${read.kind} field whose config the contract refuses (${firstIssue(parsed.error)}): left out`,
        `forms.fields.${read.kind}`,
      )
      continue
    }
    fields.push({
      id: c.id('field', field.id),
      kind: read.kind,
      config: parsed.data,
      order: fields.length,
    })
  }
  return fields
}

const activitiesOf = (c: Conversion, recorded: unknown) => {
  const activities: Obj[] = []
  for (const activity of inOrder(objects(recorded))) {
    const kind = text(activity.kind) ?? '(none)'
    if (!(ACTIVITY_KINDS as readonly string[]).includes(kind)) {
      c.part(`an activity of kind "${kind}", no counterpart: left out`, 'sessions.activities')
      continue
    }
    const known = kind as ActivityKind
    const config = isObject(activity.config) ? activity.config : {}
    const read = c.words.activity(known, config)
    let parsed =
      read === undefined
        ? undefined
        : strictly(
            c,
            ACTIVITY_CONFIGS[known],
            read,
            `a ${known} activity's content`,
            `sessions.contents.${known}`,
          )
    if (!parsed?.success) {
      // The kind and position stay; the content is the contract's sample for that kind.
      c.part(
        `a ${known} activity whose content cannot be read back: the contract's sample content`,
        `sessions.contents.${known}`,
      )
      const { kind: _, ...sample } = ACTIVITY_SAMPLES[known] as Obj
      parsed = ACTIVITY_CONFIGS[known].safeParse(sample)
    }
    if (!parsed.success) continue
    activities.push({
      id: c.id('activity', activity.id),
      kind: known,
      config: parsed.data,
      order: activities.length,
    })
  }
  return activities
}

const teamsOf = (c: Conversion, recorded: unknown) =>
  inOrder(objects(recorded)).map((team, order) => {
    let color = text(team.color) ?? ''
    if (!Color.safeParse(color).success) {
      c.part(`a team color "${color}" not in #RRGGBB form: one of the mock's`, 'teams')
      color = PALETTE[order % PALETTE.length] as string
    }
    return { id: c.id('team', team.id), name: text(team.name) ?? '', color, order }
  })

const toForm = (c: Conversion, o: Observed, orgId: string, seq: number): Converted<StoredForm> => {
  const v = o.value
  const status = c.words.formStatus(text(v.status) ?? '')
  if (!status) return refused(`status "${String(v.status)}" has no counterpart (expect.states)`)
  const createdAt = stamp(v.createdAt)
  if (!createdAt) return refused('no createdAt timestamp')
  const title = text(v.title) ?? ''
  const slug = c.slug(v.slug, title)
  const parsed = StoredForm.safeParse({
    id: c.id('form', v.id),
    title,
    description: text(v.description) ?? '',
    status,
    joinCode: c.joinCode(v.joinCode),
    slug,
    shareUrl: c.base + publicPath.form(slug),
    settings: settingsOf(c, v.settings),
    publishedAt: stamp(v.publishedAt) ?? (status === 'draft' ? null : createdAt),
    createdAt,
    fields: fieldsOf(c, v.fields),
    orgId,
    seq,
  })
  return parsed.success ? { ok: true, record: parsed.data } : refused(firstIssue(parsed.error))
}

const sessionShape = (c: Conversion, v: Obj) => {
  const mode = text(v.mode)
  const read = mode === undefined ? undefined : c.words.mode(mode)
  if (mode !== undefined && !read)
    c.part(`a mode "${mode}" with no counterpart: live`, 'sessions.modes')
  const joinCode = c.joinCode(v.joinCode)
  return {
    title: text(v.title) ?? '',
    mode: read ?? 'live',
    joinCode,
    joinUrl: c.base + publicPath.join(joinCode),
    screenUrl: c.base + publicPath.screen(joinCode),
    createdAt: stamp(v.createdAt),
    activities: activitiesOf(c, v.activities),
  }
}

const toSession = (
  c: Conversion,
  o: Observed,
  orgId: string,
  seq: number,
): Converted<StoredSession> => {
  const v = o.value
  const status = c.words.sessionStatus(text(v.status) ?? '')
  if (!status) return refused(`status "${String(v.status)}" has no counterpart (expect.states)`)
  const id = c.id('session', v.id)
  const shape = sessionShape(c, v)
  if (!shape.createdAt) return refused('no createdAt timestamp')
  const teams = teamsOf(c, v.teams)
  const current = c.storedId('activity', v.currentActivityId)
  const parsed = StoredSession.safeParse({
    id,
    ...shape,
    status,
    teamMode: typeof v.teamMode === 'boolean' ? v.teamMode : teams.length > 0,
    teams,
    currentActivityId: current && shape.activities.some((a) => a.id === current) ? current : null,
    participants: 0,
    orgId,
    seq,
  })
  return parsed.success ? { ok: true, record: parsed.data } : refused(firstIssue(parsed.error))
}

const toSeries = (
  c: Conversion,
  o: Observed,
  orgId: string,
  seq: number,
): Converted<StoredSeries> => {
  const v = o.value
  const createdAt = stamp(v.createdAt)
  if (!createdAt) return refused('no createdAt timestamp')
  const id = c.id('series', v.id)
  if (text(v.status) !== 'draft') {
    c.part(`a series status "${String(v.status)}": draft (the contract's only one)`, 'series')
  }
  const rounds = inOrder(objects(v.rounds)).map((round) => ({
    id: c.id('round', round.id),
    ...sessionShape(c, round),
    createdAt: stamp(round.createdAt) ?? createdAt,
    status: 'draft',
  }))
  const parsed = StoredSeries.safeParse({
    id,
    title: text(v.title) ?? '',
    status: 'draft',
    joinCode: c.joinCode(v.joinCode),
    manageUrl: c.base + publicPath.seriesManage(id),
    createdAt,
    teams: teamsOf(c, v.teams),
    rounds,
    roundParticipants: {},
    orgId,
    seq,
  })
  return parsed.success ? { ok: true, record: parsed.data } : refused(firstIssue(parsed.error))
}

const toReport = (
  c: Conversion,
  o: Observed,
  orgId: string,
  seq: number,
): Converted<StoredReport> => {
  const v = o.value
  const createdAt = stamp(v.createdAt)
  if (!createdAt) return refused('no createdAt timestamp')
  const title = text(v.title) ?? ''
  const slug = c.slug(v.slug, title)
  const rangeStart = stamp(v.rangeStart) ?? null
  const rangeEnd = stamp(v.rangeEnd) ?? null
  let payload = SponsorPayload.safeParse(v.payload)
  if (!payload.success) {
    c.part(
      v.payload === undefined
        ? 'a report payload never shown (lists omit it): an empty rollup'
        : "a report payload not in the contract's form: an empty rollup",
      'sponsors',
    )
    payload = SponsorPayload.safeParse({
      window: { start: rangeStart, end: rangeEnd },
      totals: { events: 0, forms: 0, sessions: 0, series: 0, participants: 0, responses: 0 },
      events: [],
      timeline: [],
    })
  }
  const parsed = StoredReport.safeParse({
    id: c.id('report', v.id),
    title,
    brandLabel: text(v.brandLabel) ?? '',
    slug,
    publicUrl: c.base + publicPath.report(slug),
    rangeStart,
    rangeEnd,
    generatedAt: stamp(v.generatedAt) ?? createdAt,
    createdAt,
    payload: payload.success ? payload.data : undefined,
    orgId,
    seq,
  })
  return parsed.success ? { ok: true, record: parsed.data } : refused(firstIssue(parsed.error))
}

/** Field kinds whose answers are free text a person typed. */
const FREE_TEXT: readonly string[] = ['short_text', 'long_text']

const toResponse = (
  c: Conversion,
  o: Observed,
  orgId: string,
  seq: number,
  forms: ReadonlyMap<string, StoredForm>,
): Converted<StoredResponse> => {
  const v = o.value
  const formId = c.storedId('form', o.formId)
  const form = formId ? forms.get(formId) : undefined
  if (!form || !formId) return refused('its form was not imported')
  const kinds = new Map(form.fields.map((f) => [f.id, f.kind]))
  const answers: Obj = {}
  for (const [recordedField, answer] of Object.entries(isObject(v.answers) ? v.answers : {})) {
    const fieldId = c.storedId('field', recordedField)
    if (!fieldId || !kinds.has(fieldId)) continue
    const kind = kinds.get(fieldId) as string
    answers[fieldId] =
      !c.keep && typeof answer === 'string'
        ? kind === 'email'
          ? c.fakes.email(answer)
          : kind === 'phone'
            ? c.fakes.phone(answer)
            : FREE_TEXT.includes(kind)
              ? c.fakes.answer(answer)
              : answer
        : answer
  }
  const email = text(v.email)
  const parsed = StoredResponse.safeParse({
    id: c.id('response', v.id),
    formId,
    submittedAt: stamp(v.submittedAt) ?? stamp(v.createdAt),
    email: email === undefined ? null : c.keep ? email : c.fakes.email(email),
    answers,
    orgId,
    seq,
  })
  return parsed.success ? { ok: true, record: parsed.data } : refused(firstIssue(parsed.error))
}

const orgIdOf = (n: number) => `org_import${String(n).padStart(6, '0')}`

/** The state the observations make, and the report of what became of each record. */
export const toState = (
  observations: Observations,
  options: ToStateOptions = {},
): { state: MockState; report: ImportReport } => {
  const c = new Conversion(options)
  const resources = Object.fromEntries(
    RESOURCES.map((r) => [r, { imported: 0, merged: 0, leftOut: [] }]),
  ) as unknown as Record<Resource, ResourceCount>

  // Organizations: one per credential that showed records, the one with most records first.
  const counts = new Map<string, number>()
  for (const record of observations.records.values()) {
    counts.set(record.credential, (counts.get(record.credential) ?? 0) + 1)
  }
  const labels = [...observations.credentials.keys()]
  if (labels.length === 0) labels.push(NO_CREDENTIAL)
  const ranked = labels
    .filter((label) => (counts.get(label) ?? 0) > 0 || labels.length === 1)
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))
  if (ranked.length === 0) ranked.push(labels[0] as string)
  const orgOf = new Map<string, Organization>()
  const organizations: Organization[] = []
  const orgReport: ImportReport['organizations'] = []
  ranked.forEach((label, n) => {
    const apiKey = DEMO_KEYS[n] ?? `imported-org-${n + 1}-key`
    const seen = observations.entitlements.get(label) ?? {}
    const demo = DEMO_ENTITLEMENTS[n] ?? ['series', 'data_export_analytics']
    const entitlements = (['series', 'data_export_analytics'] as const).filter((e) =>
      seen[e] === undefined ? demo.includes(e) : seen[e],
    )
    const org: Organization = {
      id: orgIdOf(n + 1),
      name: `Imported organization ${n + 1}`,
      apiKey,
      entitlements,
    }
    organizations.push(org)
    orgOf.set(label, org)
    orgReport.push({
      apiKey,
      name: org.name,
      credential: label,
      records: counts.get(label) ?? 0,
      entitlements,
      entitlementsFrom:
        seen.series === undefined && seen.data_export_analytics === undefined ? 'demo' : 'traffic',
    })
  })

  // Oldest first: seq follows creation, so lists tie-break as the mock's own records do.
  const records = [...observations.records.entries()].sort(([, a], [, b]) => {
    const ta = stamp(a.value.createdAt ?? a.value.submittedAt) ?? ''
    const tb = stamp(b.value.createdAt ?? b.value.submittedAt) ?? ''
    return ta < tb ? -1 : ta > tb ? 1 : 0
  })
  const state: MockState = {
    format: 'engagement-mock-state',
    version: 1,
    seq: 0,
    organizations,
    forms: [],
    sessions: [],
    series: [],
    reports: [],
    responses: [],
  }
  const forms = new Map<string, StoredForm>()
  let seq = 0
  const convert = (resource: Resource) => {
    for (const [id, o] of records) {
      if (o.resource !== resource) continue
      const org = orgOf.get(o.credential) ?? organizations[0]
      const count = resources[resource]
      if (!org) continue
      const verdict =
        resource === 'forms'
          ? toForm(c, o, org.id, seq)
          : resource === 'sessions'
            ? toSession(c, o, org.id, seq)
            : resource === 'series'
              ? toSeries(c, o, org.id, seq)
              : resource === 'reports'
                ? toReport(c, o, org.id, seq)
                : toResponse(c, o, org.id, seq, forms)
      if (!verdict.ok) {
        count.leftOut.push({ id, why: verdict.error })
        continue
      }
      seq++
      count.imported++
      if (o.seen > 1) count.merged++
      const record = verdict.record
      if (resource === 'forms') forms.set(record.id, record as StoredForm)
      ;(state[resource] as unknown[]).push(record)
    }
  }
  for (const resource of RESOURCES) convert(resource)
  state.seq = seq

  for (const named of observations.named.values()) {
    if (observations.records.has(named.id) || observations.deleted.has(named.id)) continue
    resources[named.resource].leftOut.push({
      id: named.id,
      why: `only named in a path (${named.operation}), never shown in an answer`,
    })
  }

  return {
    state,
    report: {
      exchanges: observations.exchanges,
      outside: observations.outside,
      unread: observations.unread,
      resources,
      parts: [...c.parts.values()],
      organizations: orgReport,
      personalData: {
        kept: c.keep,
        emails: c.fakes.replaced.emails,
        answers: c.fakes.replaced.answers,
      },
      reissued: c.reissued,
      vocabulary: c.words.source,
      credentialsRemoved: 0,
    },
  }
}
