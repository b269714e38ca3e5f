// Node-only: probes a deployment and writes a starter deployment file.

import { existsSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import type { ActivityInput, ActivityKind } from '../../../contract/activities.ts'
import type { Client } from '../../../contract/client.ts'
import type { FieldInput, FieldKind } from '../../../contract/fields.ts'
import { ACTIVITY_SAMPLES, FIELD_SAMPLES, TEAMS } from '../../../contract/input-examples.ts'
import type { Obj } from '../../../contract/json.ts'
import { activityKindSince, operationSince } from '../../../contract/releases.ts'
import type { OperationId } from '../../../contract/table.ts'
import { createKey, parseDeployment } from '../../deployment/schema.ts'
import { profileSpellings } from '../../deployment/to-deployment.ts'
import { writeFilesWhole } from '../../report-format/files.ts'
import { Secrets } from '../../report-format/secrets.ts'
import { label } from '../engine/context.ts'
import { KEY_VARS, type KeyRole } from '../engine/env.ts'
import { preflight } from '../engine/preflight.ts'
import { Run } from '../engine/run-state.ts'
import {
  type ConformanceOptions,
  ConformanceOptionsError,
  conformanceEnv,
} from '../run-conformance.ts'
import { INIT_MAX_REQUESTS } from './bound.ts'
import { initContents, type KindContent } from './contents.ts'
import { answerText, type KindOutcome, type KindProbe, probeKind } from './kinds.ts'
import {
  absentOperations,
  LATER_KINDS,
  proposeRelease,
  RELEASE_KEY,
  RELEASE_PROBES,
  type ReleaseProposal,
  refusedAsUnknown,
  unknownTwinKey,
  unknownTwinOf,
} from './release-probe.ts'

export interface InitOptions
  extends Omit<ConformanceOptions, 'deployment' | 'reportDir' | 'onCheck' | 'filter'> {
  /** Where to write the starter file (.json, or .mjs/.js/.ts for a module). Never overwritten. */
  out: string
}

/** One request of the probe and what the deployment answered. */
export interface Probe {
  /** The deployment file key whose spelling this request tried. */
  key: string
  request: string
  status: number
  accepted: boolean
  /** The error message of a refusal, or the observed answer of an open question. */
  answer: string
  /** A follow-up of a refused content (its sample, one of its keys): not a spelling of its own. */
  followUp?: true
  /**
   * Why a 2xx answer could not be read (nested deeper than the client reads, too long): neither
   * accepted nor refused. `accepted` stays true so the probe goes on as after a 2xx.
   */
  unread?: string
}

export interface InitResult {
  file: string
  probes: Probe[]
  requests: number
  problem?: string
  /** What clean-up did, in one sentence. */
  cleanup: string
  /** The release (§9) the answers tell, as the file proposes it. */
  release?: ReleaseProposal
  /** Each activity and field kind: its richest content and what was refused of it, key by key. */
  kinds: KindOutcome[]
}

export { INIT_MAX_REQUESTS } from './bound.ts'

const errorText = (body: unknown, text: string): string => {
  const error = (body as { error?: unknown } | undefined)?.error
  const issues = (body as { issues?: Array<{ path?: unknown[]; message?: string }> } | undefined)
    ?.issues
  const detail = Array.isArray(issues)
    ? issues.map((i) => `${(i.path ?? []).join('.')}: ${i.message}`).join('; ')
    : ''
  if (typeof error === 'string') return detail ? `${error} (${detail})` : error
  return text.slice(0, 200)
}

type Answer = { status: number; body: unknown; text: string; error?: string; unread?: string }
const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300
const idIn = (answer: Answer, envelope: string): string | undefined => {
  const inner = (answer.body as Record<string, { id?: unknown }> | undefined)?.[envelope]
  return typeof inner?.id === 'string' ? inner.id : undefined
}
const statusIn = (answer: Answer, envelope: string): unknown =>
  (answer.body as Record<string, { status?: unknown }> | undefined)?.[envelope]?.status

/** The file --init writes, refused before anything is sent: one that exists, or not a module or JSON. */
export const checkInitFile = (out: string): string => {
  const file = resolve(out)
  if (existsSync(file)) {
    throw new ConformanceOptionsError(
      `${file} exists; --init never overwrites: remove it or name another file.`,
    )
  }
  if (!['.json', '.mjs', '.js', '.ts', '.mts'].includes(extname(file).toLowerCase())) {
    throw new ConformanceOptionsError(`${file}: expected a .json, .mjs, .js or .ts file name.`)
  }
  return file
}

/**
 * `check <url> --init <file>`: sends the profile's requests for everything §4 does not show (at most
 * INIT_MAX_REQUESTS, one at a time, titled with the run marker), deletes the forms it created where
 * the deployment allows it, and writes a starter deployment file: the profile's spellings, with a
 * `//` comment beside each saying whether this deployment accepted it, or how it refused it.
 */
export const initDeployment = async (options: InitOptions): Promise<InitResult> => {
  const file = checkInitFile(options.out)
  const extension = extname(file).toLowerCase()
  const env = conformanceEnv({
    ...options,
    maxRequests: Math.min(options.maxRequests ?? INIT_MAX_REQUESTS, INIT_MAX_REQUESTS),
  })
  const fetchImpl = options.fetch ?? globalThis.fetch
  // The keys it was given: a deployment echoing one in an answer must not put it in the file or
  // on the console (every probe answer and the file's text go through this).
  const secrets = new Secrets(
    (Object.keys(KEY_VARS) as KeyRole[]).flatMap((role) => {
      const key = env.keys[role]
      return key === undefined ? [] : [[key, KEY_VARS[role]] as const]
    }),
  )
  const found = await preflight(env, fetchImpl)
  if (found) {
    const problem = secrets.scrub(found)
    return { file, probes: [], requests: 1, problem, cleanup: 'nothing created', kinds: [] }
  }
  const run = new Run(env, fetchImpl)
  const api = run.client('main') as Client
  const title = (text: string) => `${run.marker} init ${text}`
  const probes: Probe[] = []
  const forms: string[] = []
  const send = async <T extends Answer>(
    key: string,
    op: OperationId,
    call: () => Promise<T>,
    observe?: (answer: T) => string,
    followUp = false,
  ): Promise<T | undefined> => {
    if (run.requests >= env.maxRequests) return undefined
    run.requests += 1
    const answer = await call()
    const accepted = ok(answer)
    const unread = accepted ? answer.unread : undefined
    if (accepted && op === 'createForm') {
      const id = idIn(answer, 'form')
      if (id) forms.push(id)
    }
    probes.push({
      key,
      request: label(op),
      status: answer.status,
      accepted,
      answer: secrets.scrub(
        unread !== undefined
          ? `not readable: ${unread}`
          : accepted
            ? (observe?.(answer) ?? 'accepted')
            : answer.status === 0
              ? (answer.error ?? 'no answer')
              : errorText(answer.body, answer.text),
      ),
      ...(followUp ? { followUp: true as const } : {}),
      ...(unread === undefined ? {} : { unread: secrets.scrub(unread) }),
    })
    return answer
  }
  const contents = initContents()
  const kinds: KindOutcome[] = []
  /** Sends a content of one kind under a probe key; the kind's own key first, follow-ups after. */
  const sendContent =
    (
      content: KindContent,
      op: 'addField' | 'addActivity',
      call: (body: Obj) => Promise<Answer>,
      created?: (answer: Answer) => void,
    ) =>
    async (key: string, body: Obj): Promise<KindProbe | undefined> => {
      const answer = await send(key, op, () => call(body), undefined, key !== content.key)
      if (!answer) return undefined
      if (ok(answer)) created?.(answer)
      return probes.at(-1)
    }

  // §9: which release this deployment runs (GET /series, GET /sponsors: reads, safe anywhere).
  for (const id of RELEASE_PROBES) {
    await send(RELEASE_KEY, id, () => (api[id] as (args?: object) => Promise<Answer>)({}))
  }
  const absent = absentOperations(probes)

  const form = await send('forms.create', 'createForm', () =>
    api.createForm({ body: { title: title('form'), description: 'Deployment probe' } }),
  )
  const formId = form && idIn(form, 'form')
  await send(
    createKey('forms.create', 'publish'),
    'createForm',
    () =>
      api.createForm({
        body: { title: title('published form'), fields: [FIELD_SAMPLES.submission], publish: true },
      }),
    (a) => `accepted; the new form's status is "${String(statusIn(a, 'form'))}"`,
  )
  if (formId) {
    // Every field kind of the profile with the richest config seed and exploration send: what
    // this deployment calls its kinds, and which of their config keys it refuses.
    let probeField: { id: string; kind: FieldKind } | undefined
    for (const content of contents.filter((c) => c.type === 'field')) {
      const kind = content.kind as FieldKind
      const keep = (answer: Answer) => {
        const id = idIn(answer, 'field')
        if (id && (probeField === undefined || (kind === 'submission' && probeField.kind !== kind)))
          probeField = { id, kind }
      }
      const call = (config: Obj) =>
        api.addField({ params: { id: formId }, body: { kind, config } as FieldInput })
      kinds.push(await probeKind(content, sendContent(content, 'addField', call, keep)))
    }
    if (probeField) {
      const { id: fieldId, kind } = probeField
      await send('forms.replaceField.wrapper', 'replaceFieldConfig', () =>
        api.replaceFieldConfig({
          params: { id: formId, fieldId },
          body: { config: { ...FIELD_SAMPLES[kind].config, label: 'Renamed' } },
        }),
      )
      await send('operations.listFormResponses', 'listFormResponses', () =>
        api.listFormResponses({ params: { id: formId } }),
      )
      await send('operations.removeField', 'removeField', () =>
        api.removeField({ params: { id: formId, fieldId } }),
      )
    }
  }
  const draft = await send('sessions.create', 'createSession', () =>
    api.createSession({ body: { title: title('session'), teamMode: false } }),
  )
  const draftId = draft && idIn(draft, 'session')
  if (draftId) {
    for (const content of contents.filter((c) => c.type === 'activity')) {
      const kind = content.kind as ActivityKind
      const call = (body: Obj) =>
        api.addActivity({ params: { id: draftId }, body: { kind, ...body } as ActivityInput })
      // A refused kind of a later release: the same body with a kind no release has tells whether
      // it was refused as an unknown kind (not in this release) or for its content.
      const later = async () => {
        if (!LATER_KINDS.includes(kind)) return false
        await send(unknownTwinKey(kind), 'addActivity', () =>
          api.addActivity({
            params: { id: draftId },
            body: unknownTwinOf({ kind, ...content.rich }),
          }),
        )
        return refusedAsUnknown(probes, kind) === true
      }
      kinds.push(await probeKind(content, sendContent(content, 'addActivity', call), later))
    }
    await send('operations.setTeamMode', 'setTeamMode', () =>
      api.setTeamMode({ params: { id: draftId }, body: { teamMode: true } }),
    )
  }
  await send(
    createKey('sessions.create', 'open'),
    'createSession',
    () =>
      api.createSession({
        body: { title: title('open session'), activities: [ACTIVITY_SAMPLES.poll], open: true },
      }),
    (a) => `accepted; the new session's status is "${String(statusIn(a, 'session'))}"`,
  )
  // Present needs an open session with an activity: the draft above, opened (a documented operation).
  const opened = draftId
    ? await send('sessions.open', 'openSession', () => api.openSession({ params: { id: draftId } }))
    : undefined
  const activityId = (
    opened?.body as { session?: { activities?: Array<{ id?: string }> } } | undefined
  )?.session?.activities?.[0]?.id
  if (draftId && activityId) {
    await send('operations.presentActivity', 'presentActivity', () =>
      api.presentActivity({ params: { id: draftId }, body: { activityId } }),
    )
  }
  if (!absent.has('createSeries')) {
    await send('series.create', 'createSeries', () =>
      api.createSeries({
        body: {
          title: title('series'),
          teams: [TEAMS.owls, TEAMS.foxes],
          rounds: [{ title: 'Round 1', activities: [ACTIVITY_SAMPLES.quiz] }],
        },
      }),
    )
  }
  if (!absent.has('createSponsorReport')) {
    await send('sponsors.create', 'createSponsorReport', () =>
      api.createSponsorReport({
        body: {
          title: title('report'),
          brandLabel: 'Deployment probe',
          rangeStart: '2026-01-01T00:00:00.000Z',
          rangeEnd: '2026-12-31T23:59:59.999Z',
        },
      }),
    )
  }
  // Clean-up: the forms, through the profile's delete (the probe's last request, whatever the bound).
  let deleted = 0
  let deleteAnswer: Answer | undefined
  for (const id of forms) {
    run.cleanupRequests += 1
    deleteAnswer = await api.deleteForm({ params: { id } })
    if (!ok(deleteAnswer)) break
    deleted += 1
  }
  if (deleteAnswer) {
    probes.push({
      key: 'operations.deleteForm',
      request: label('deleteForm'),
      status: deleteAnswer.status,
      accepted: ok(deleteAnswer),
      answer: ok(deleteAnswer) ? 'accepted' : errorText(deleteAnswer.body, deleteAnswer.text),
    })
  }
  const cleanupSummary = `${deleted} of ${forms.length} probe forms deleted; sessions, series and reports have no delete operation and stay, titled "${run.marker} init …".`
  // Kinds never sent (no form or session to add them to) are still written, from the profile.
  for (const content of contents) {
    if (!kinds.some((k) => k.content === content)) {
      kinds.push({ content, verdict: 'unprobed', proposed: content.rich, refusedKeys: {} })
    }
  }
  const content = starterFile(probes, env.baseUrl, kinds)
  parseDeployment(content, 'the starter file') // what we write must load
  // Scrubbed whole as well: whatever of an answer reaches a comment, no key does.
  const json = secrets.scrub(JSON.stringify(content, null, 2))
  await writeFilesWhole([[file, extension === '.json' ? `${json}\n` : `export default ${json}\n`]])
  return {
    file,
    probes,
    requests: run.requests + run.cleanupRequests,
    cleanup: cleanupSummary,
    release: proposeRelease(probes),
    kinds,
  }
}

const note = (probes: readonly Probe[], key: string, fill: string): string => {
  const seen = probes.filter((p) => p.key === key)
  if (seen.length === 0) return `Not probed (an earlier step was refused). ${fill}`
  return seen
    .map((p) =>
      p.unread !== undefined
        ? `${p.request} with the profile's spelling: ${p.status}, NOT READABLE (${p.unread}): neither accepted nor refused. Check it by hand, or run --init again once the deployment answers readably.`
        : p.accepted
          ? `${p.request} with the profile's spelling: ${p.status}, ${p.answer}. Nothing to change.`
          : `${p.request} with the profile's spelling was REFUSED: ${p.status} "${p.answer}". ${fill}`,
    )
    .join(' ')
}

const keyList = (keys: readonly string[]) => keys.join(', ') || 'none'

/**
 * The `//` note of one kind: what its richest content got, and when refused, each key beyond the
 * sample with its answer, and what the entry below holds.
 */
const kindNote = (o: KindOutcome, proposal: ReleaseProposal, fill: string): string => {
  const { content, first } = o
  const thing = content.type === 'activity' ? 'content' : 'config'
  if (o.verdict === 'unprobed' || !first) return `Not probed (an earlier step was refused). ${fill}`
  const request = probesRequest(content)
  const sent = `${request} with the richest ${content.kind} ${thing} seed and --explore send (keys: ${keyList(Object.keys(content.rich))})`
  if (o.verdict === 'accepted' && first.unread !== undefined) {
    return `${sent}: ${first.status}, NOT READABLE (${first.unread}): neither accepted nor refused. Check it by hand, or run --init again once the deployment answers readably.`
  }
  if (o.verdict === 'accepted') {
    return `${sent}: ${first.status}, accepted. Nothing to change${content.type === 'activity' ? `; delete this entry to let seed send the demo's own ${content.kind} contents instead of this one` : ''}.`
  }
  const refusal = `${sent} was REFUSED: ${answerText(first)}.`
  if (o.verdict === 'later') {
    return `${refusal} As release ${proposal.release ?? '(see "release")'} has no ${content.kind} kind (§9: it arrived in ${activityKindSince(content.kind as ActivityKind)}), its check is not in this release. Delete this entry, or if this deployment has the kind, write a content it accepts and a later release.`
  }
  if (o.verdict === 'refused') {
    const sample =
      content.parts.length > 0
        ? ` Its sample alone (${JSON.stringify(content.base)}) too: ${o.sampleAnswer}.`
        : ''
    return `${refusal}${sample} ${fill}`
  }
  const refused = Object.keys(o.refusedKeys)
  const accepted = content.parts.filter((part) => !refused.includes(part))
  const written =
    content.type === 'activity'
      ? `The content below leaves ${refused.length > 0 ? 'them' : 'those keys'} out and was accepted as written`
      : `Those keys are written as null below (left out of every ${content.kind} config seed sends), and the config without them was accepted`
  const byKey =
    o.verdict === 'combined'
      ? `Each key beyond exploration's sample was accepted alone (${keyList(content.parts)}), not all together. ${written.replace('them', 'those keys')}.`
      : `Key by key, each on top of exploration's sample (accepted): REFUSED ${refused.map((key) => `${key} (${o.refusedKeys[key]})`).join(', ')}${accepted.length > 0 ? `; accepted alone: ${keyList(accepted)}` : ''}. ${written}.`
  return `${refusal} ${byKey} If this deployment names a refused key otherwise, write its name ${content.type === 'activity' ? 'in the content' : 'instead of null'}. seed --deployment refuses to send a key listed under "probe".`
}

const probesRequest = (content: KindContent) =>
  content.type === 'activity' ? label('addActivity') : label('addField')

/** The config keys a field kind's entry leaves out: those of its richest config not accepted. */
const leftOutKeys = (o: KindOutcome) =>
  Object.keys(o.content.rich).filter((key) => !(key in o.proposed))

/** One entry per field kind: the profile's name, or its refused config keys as null. */
const fieldEntries = (outcomes: readonly KindOutcome[], proposal: ReleaseProposal) =>
  Object.fromEntries(
    outcomes
      .filter((o) => o.content.type === 'field')
      .flatMap((o) => {
        const kind = o.content.kind
        const fill = `Sent ${JSON.stringify({ kind, config: o.content.rich })}. Write this deployment's name and config for it (see "// fields"), or null.`
        const nulls = o.verdict === 'keys' || o.verdict === 'combined' ? leftOutKeys(o) : []
        return [
          [`// ${kind}`, kindNote(o, proposal, fill)],
          [
            kind,
            nulls.length > 0
              ? { config: Object.fromEntries(nulls.map((key) => [key, null])) }
              : kind,
          ],
        ]
      }),
  )

/** One entry per activity kind: a content this deployment accepted, or the richest one sent. */
const activityEntries = (outcomes: readonly KindOutcome[], proposal: ReleaseProposal) =>
  Object.fromEntries(
    outcomes
      .filter((o) => o.content.type === 'activity')
      .flatMap((o) => {
        const kind = o.content.kind
        const fill = `Replace with a ${kind} content this deployment accepts (everything but "kind"), or null if it has no such kind.`
        return [
          [`// ${kind}`, kindNote(o, proposal, fill)],
          [kind, o.proposed],
        ]
      }),
  )

/**
 * The `probe` section: per kind what was refused, for seed --deployment to refuse up front. Only
 * kinds with a refusal that is not a later release's kind.
 */
const probeSection = (outcomes: readonly KindOutcome[]) => {
  const entry = (o: KindOutcome) => {
    if (o.verdict === 'refused' && o.first) {
      return { refused: { sent: o.content.rich, answer: o.sampleAnswer ?? answerText(o.first) } }
    }
    if (o.verdict === 'keys' || o.verdict === 'combined') {
      const together = o.first
        ? `accepted alone, refused with the others: ${answerText(o.first)}`
        : ''
      const refusedKeys = Object.fromEntries(
        leftOutKeys(o).map((key) => [key, o.refusedKeys[key] ?? together]),
      )
      return { accepted: o.proposed, refusedKeys }
    }
    return undefined
  }
  const of = (type: 'activity' | 'field') =>
    Object.fromEntries(
      outcomes
        .filter((o) => o.content.type === type)
        .flatMap((o) => {
          const found = entry(o)
          return found ? [[o.content.kind, found]] : []
        }),
    )
  const activities = of('activity')
  const fields = of('field')
  return {
    ...(Object.keys(activities).length > 0 ? { activities } : {}),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  }
}

/** The starter file: the profile's spellings (what was sent), each annotated with the answer. */
export const starterFile = (
  probes: readonly Probe[],
  baseUrl: string,
  outcomes: readonly KindOutcome[],
) => {
  const proposal = proposeRelease(probes)
  const absent = absentOperations(probes)
  /** The note of a create that was not probed because its release is not there. */
  const createNote = (op: OperationId, key: string, fill: string) =>
    absent.has(op)
      ? `Not probed: ${label(op)} came in release ${operationSince(op)}, which this deployment does not run (see "release"). Delete this section, or keep it for when it upgrades.`
      : note(probes, key, fill)
  const fillCreate =
    'Write how this deployment names each property (a name, a dotted path such as "window.start", or null if it has no such option).'
  const probe = probeSection(outcomes)
  return {
    '// about': `Deployment file for ${baseUrl}, started by \`engagement-mock check --init\` on ${new Date().toISOString()}. Values are the profile's spellings (what our mock accepts); each "//" comment says what this deployment answered. Fix what was refused, delete what you do not need (an omitted key means the profile's choice), then run: engagement-mock check ${baseUrl} --deployment <this file>.`,
    '// release': proposal.why,
    ...(proposal.release ? { release: proposal.release } : {}),
    forms: {
      '// create': `${note(probes, 'forms.create', fillCreate)} Immediate publish: ${note(probes, createKey('forms.create', 'publish'), fillCreate)}`,
      create: profileSpellings.create('forms.create'),
      '// replaceField': note(
        probes,
        'forms.replaceField.wrapper',
        'Write the property that wraps the new config in PATCH /forms/{id}/fields/{fieldId}, or null if the body is the config itself.',
      ),
      replaceField: { wrapper: 'config' },
      '// fields': `The profile's twelve field kinds, each sent as POST /forms/{id}/fields { kind, config } with the richest config seed and --explore send (when refused: its sample, then each key beyond it alone). Where one was refused, write this deployment's kind name ("long_text": "paragraph"), or { "kind": its name, "config": { profile config key: its key, or null to leave it out }, "sample": a config it accepts, merged under the spelled one }, or null if it has no such kind. "config" here (beside the kinds) spells the keys every kind shares, e.g. { "label": "question" }.`,
      fields: fieldEntries(outcomes, proposal),
      '// vocabulary':
        'Not probed: "templates", "useCases" and "layouts" here (and "modes" under sessions) map the profile\'s values to this deployment\'s, e.g. "templates": { "retro": "sprint-retro" }, null for "has none". They matter to seed --deployment and to exploration; see docs/usage.md.',
    },
    sessions: {
      '// create': `${note(probes, 'sessions.create', fillCreate)} Open now: ${note(probes, createKey('sessions.create', 'open'), fillCreate)}`,
      create: profileSpellings.create('sessions.create'),
      '// activities':
        "Each activity kind, sent as POST /sessions/{id}/activities { kind, …content } with the richest content seed and --explore send (when refused: its sample, then each key beyond it alone). A content here is sent instead of each of its kind the demo has; an omitted kind sends the demo's own.",
      activities: activityEntries(outcomes, proposal),
    },
    series: {
      '// create': createNote('createSeries', 'series.create', fillCreate),
      create: profileSpellings.create('series.create'),
    },
    sponsors: {
      '// create': createNote('createSponsorReport', 'sponsors.create', fillCreate),
      create: profileSpellings.create('sponsors.create'),
    },
    ...(Object.keys(probe).length > 0
      ? {
          '// probe':
            'What --init saw this deployment refuse of the contents seed and --explore send, per kind: the keys refused one by one (with the answer) and the content it accepted, or a content refused even as a sample. seed --deployment refuses up front to send any of it; delete an entry once the deployment accepts it. Written by --init; not a spelling.',
          probe,
        }
      : {}),
    operations: Object.fromEntries(
      profileSpellings.operations.flatMap((id) => [
        [
          `// ${id}`,
          note(
            probes,
            `operations.${id}`,
            "Write this deployment's method and path (keep the {placeholders}), or null if it does not offer it.",
          ),
        ],
        [id, profileSpellings.operation(id)],
      ]),
    ),
  }
}
