import { ACTIVITY_KINDS, type ActivityInput } from '../../../contract/activities.ts'
import { endpoints, operationLabel as label } from '../../../contract/endpoints.ts'
import {
  activityKindSince,
  BASE_RELEASE,
  inRelease,
  LATEST_RELEASE,
  operationSince,
  RELEASES,
  type Release,
  releaseAdds,
} from '../../../contract/releases.ts'
import type { OperationId } from '../../../contract/table.ts'

/** What `--init` learnt from one request: the probe's key, request, status and answer. */
export interface ProbeAnswer {
  key: string
  request: string
  status: number
  accepted: boolean
  answer: string
}

/** The probe key of the requests that tell a release: `release`. */
export const RELEASE_KEY = 'release'

/**
 * The reads `--init` sends to tell which release (§9) a deployment runs: each later release's list
 * operations (`GET /series`, `GET /sponsors`), safe on any deployment. An operation that is not
 * there answers 404 as an unknown path; the probe has already seen `GET /forms` answer, so a 404
 * here is not a wrong base URL.
 */
export const RELEASE_PROBES: readonly OperationId[] = (
  Object.keys(endpoints) as OperationId[]
).filter(
  (id) =>
    operationSince(id) !== BASE_RELEASE &&
    endpoints[id].method === 'GET' &&
    !endpoints[id].path.includes('{'),
)

/** The activity kinds of dated releases: `--init` tells whether a refusal of one is an unknown kind. */
export const LATER_KINDS = ACTIVITY_KINDS.filter((kind) => activityKindSince(kind) !== BASE_RELEASE)

/** A kind no release has. */
export const UNKNOWN_KIND = 'not_an_activity_kind'

/** The probe key of the unknown-kind twin of a kind's probe. */
export const unknownTwinKey = (kind: string) => `${RELEASE_KEY}.${kind}`

/** The same activity body with a kind no release has. */
export const unknownTwinOf = <T extends { kind: string }>(sample: T): ActivityInput =>
  ({ ...sample, kind: UNKNOWN_KIND }) as unknown as ActivityInput

/**
 * Whether a kind's refusal is the refusal of an unknown kind: the same status and the same answer
 * as its twin with a kind no release has, each kind's name aside (a message may echo it).
 */
export const refusedAsUnknown = (
  probes: readonly ProbeAnswer[],
  kind: string,
): boolean | undefined => {
  const probe = probes.find((p) => p.key === `sessions.activities.${kind}`)
  const twin = probes.find((p) => p.key === unknownTwinKey(kind))
  if (!probe || probe.accepted || !twin || twin.accepted) return undefined
  const plain = (text: string, name: string) => text.split(name).join('<kind>')
  return (
    probe.status === twin.status && plain(probe.answer, kind) === plain(twin.answer, UNKNOWN_KIND)
  )
}

type Signal = 'there' | 'absent' | 'unknown'

const signalOf = (probes: readonly ProbeAnswer[], key: string, request: string): Signal => {
  const probe = probes.find((p) => p.key === key && p.request === request)
  if (!probe) return 'unknown'
  if (probe.accepted) return 'there'
  return probe.status === 404 ? 'absent' : 'unknown'
}

/** Whether the release `--init` saw before a later one's create probes: skip those it lacks. */
export const absentOperations = (probes: readonly ProbeAnswer[]): Set<OperationId> => {
  const absent = new Set<OperationId>()
  for (const id of RELEASE_PROBES) {
    if (signalOf(probes, RELEASE_KEY, label(id)) !== 'absent') continue
    // The list is missing: so is everything its release brought.
    const since = operationSince(id)
    for (const other of Object.keys(endpoints) as OperationId[]) {
      if (operationSince(other) === since) absent.add(other)
    }
  }
  return absent
}

export interface ReleaseProposal {
  /** The release to write, or none when the answers do not tell one. */
  release?: Release
  /** What was observed, for the `//` comment. */
  why: string
}

/**
 * The release a deployment runs, from its answers: each dated release is *there* when its list
 * reads answered 2xx or its activity kinds were accepted, *absent* when the reads answered 404 or
 * (with no read to tell) its kinds were refused. The proposal is the newest release that is there
 * with every later one absent; mixed answers propose none.
 */
export const proposeRelease = (probes: readonly ProbeAnswer[]): ReleaseProposal => {
  const seen: string[] = []
  const verdicts = RELEASES.filter((release) => release !== BASE_RELEASE).map((release) => {
    const reads = RELEASE_PROBES.filter((id) => operationSince(id) === release).map((id) => {
      const signal = signalOf(probes, RELEASE_KEY, label(id))
      const probe = probes.find((p) => p.key === RELEASE_KEY && p.request === label(id))
      if (probe) seen.push(`${label(id)} answered ${probe.status}`)
      return signal
    })
    let sure = true
    const kinds = ACTIVITY_KINDS.filter((kind) => activityKindSince(kind) === release).map(
      (kind): Signal => {
        const probe = probes.find((p) => p.key === `sessions.activities.${kind}`)
        if (!probe) return 'unknown'
        if (probe.accepted) {
          seen.push(`the ${kind} kind was accepted`)
          return 'there'
        }
        const unknown = refusedAsUnknown(probes, kind)
        seen.push(
          unknown === undefined
            ? `the ${kind} kind was refused (${probe.status})`
            : unknown
              ? `the ${kind} kind was refused as an unknown kind is (${probe.status})`
              : `the ${kind} kind was refused for its content, not as an unknown kind (${probe.status}; spell it under sessions.activities.${kind})`,
        )
        if (unknown === undefined) sure = false
        return unknown === false ? 'there' : 'absent'
      },
    )
    // Reads tell for sure; a refused kind without its twin may only be spelled otherwise.
    const signals: Signal[] = reads.length > 0 ? reads : kinds
    const verdict: Signal = signals.every((s) => s === 'there')
      ? 'there'
      : signals.every((s) => s === 'absent')
        ? 'absent'
        : 'unknown'
    return { release, verdict, byKind: reads.length === 0 && !sure }
  })
  // A release whose reads are there implies every earlier one (§9 adds, never removes): a refused
  // kind of an earlier release is then only spelled otherwise (its sessions.activities entry).
  const surest = verdicts.map((v) => v.verdict === 'there' && !v.byKind).lastIndexOf(true)
  for (const v of verdicts.slice(0, Math.max(surest, 0))) if (v.byKind) v.verdict = 'there'
  const listed = seen.join(', ')
  const observed =
    seen.length > 0 ? `${listed.charAt(0).toUpperCase()}${listed.slice(1)}.` : 'Nothing was probed.'
  if (verdicts.some((v) => v.verdict === 'unknown')) {
    return {
      why: `${observed} That does not tell one release (§9): write the one this deployment runs (${RELEASES.join(', ')}), or leave the key out to check against the latest.`,
    }
  }
  const lastThere = verdicts.map((v) => v.verdict).lastIndexOf('there')
  if (lastThere > 0 && verdicts.slice(0, lastThere).some((v) => v.verdict === 'absent')) {
    return {
      why: `${observed} A later release's additions are there while an earlier one's are not: no release of §9 has that; write the one this deployment runs, or leave the key out.`,
    }
  }
  const release = lastThere >= 0 ? (verdicts[lastThere]?.release as Release) : BASE_RELEASE
  const later = verdicts.filter((v) => v.verdict === 'absent')
  const caveat = later.some((v) => v.byKind)
    ? ` If this deployment has ${later
        .filter((v) => v.byKind)
        .map((v) => releaseAdds(v.release))
        .join(
          ' and ',
        )} but refused the profile's content, write that content under sessions.activities and a later release here.`
    : ''
  return {
    release,
    why:
      release === LATEST_RELEASE
        ? `${observed} This deployment has everything up to release ${release} (§9), the latest; check holds it to that release (leave the key out to always check against the latest).`
        : `${observed} So it runs release ${release} (§9): what later releases added (${later.map((v) => `${releaseAdds(v.release)}, ${v.release}`).join('; ')}) is not there, and check reports those checks as not in this release, sending nothing of theirs. Change or delete this key when it upgrades.${caveat}`,
  }
}

/** A refused probe of an activity kind the proposed release does not have: expected, not a spelling to fix. */
export const laterKindProbe = (probe: ProbeAnswer, proposal: ReleaseProposal): boolean => {
  const kind = /^sessions\.activities\.(\w+)$/.exec(probe.key)?.[1]
  if (!kind || probe.accepted || proposal.release === undefined) return false
  const since = ACTIVITY_KINDS.includes(kind as never)
    ? activityKindSince(kind as (typeof ACTIVITY_KINDS)[number])
    : undefined
  return since !== undefined && !inRelease(since, proposal.release)
}
