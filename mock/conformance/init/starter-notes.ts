import type { ActivityKind } from '../../../contract/activities.ts'
import { activityKindSince } from '../../../contract/releases.ts'
import { label } from '../engine/context.ts'
import type { KindContent } from './contents.ts'
import { answerText, type KindOutcome } from './kinds.ts'
import type { Probe } from './prober.ts'
import type { ReleaseProposal } from './release-probe.ts'

// The `//` notes of the starter file: what the deployment answered to each spelling, and what to
// write where it refused. Words for a person editing the file; the figures are the answers'.

/** The note of one probe key: each answer to it, or why it was not probed. */
export const note = (probes: readonly Probe[], key: string, fill: string): string => {
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
export const kindNote = (o: KindOutcome, proposal: ReleaseProposal, fill: string): string => {
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
