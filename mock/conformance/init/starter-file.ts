import { operationSince } from '../../../contract/releases.ts'
import type { OperationId } from '../../../contract/table.ts'
import { createKey } from '../../deployment/schema.ts'
import { profileSpellings } from '../../deployment/to-deployment.ts'
import { label } from '../engine/context.ts'
import { answerText, type KindOutcome } from './kinds.ts'
import type { Probe } from './prober.ts'
import { absentOperations, proposeRelease, type ReleaseProposal } from './release-probe.ts'
import { kindNote, note } from './starter-notes.ts'

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
