import * as z from 'zod'
import { ACTIVITY_KINDS, type ActivityKind } from '../../contract/activities.ts'
import { operationLabel as label } from '../../contract/endpoints.ts'
import {
  activityKindSince,
  BASE_RELEASE,
  inRelease,
  LATEST_RELEASE,
  operationSince,
  type Release,
  releaseLabel,
  resolveRelease,
} from '../../contract/releases.ts'
import type { OperationId } from '../../contract/table.ts'

/**
 * Which release (§9) a run holds the deployment to: `check --release`, the deployment file's
 * `release`, or the latest. Checks of what came later are *not in this release*: nothing of theirs
 * is sent, and they are neither a failure nor blocked.
 */
export interface RunRelease {
  release: Release
  /** What was given: a release's name, or a date (the release in force that day). */
  given: string
}

export const LATEST: RunRelease = { release: LATEST_RELEASE, given: LATEST_RELEASE }

/** The deployment file's `release`: a date or a release's name; anything else refused. */
export const ReleaseKey = z.string().superRefine((text, ctx) => {
  const resolved = resolveRelease(text)
  if ('error' in resolved) ctx.addIssue({ code: 'custom', message: resolved.error })
})

/** The release of a run: the option wins over the deployment file's; without either, the latest. */
export const runRelease = (
  option: RunRelease | undefined,
  file: string | undefined,
): RunRelease => {
  if (option) return option
  const resolved = file === undefined ? undefined : resolveRelease(file)
  return resolved && !('error' in resolved) ? resolved : LATEST
}

/** What a check needs of a release: the operations it exercises and the activity kinds it sends. */
export interface ReleaseNeeds {
  operations: readonly OperationId[]
  kinds?: readonly ActivityKind[]
}

/**
 * Why a check is not in `run`'s release (`Not in release 2026-07-11 …: POST /series arrived in
 * 2026-07-13`), or `undefined` when everything it needs is there.
 */
export const notInRelease = (check: ReleaseNeeds, run: RunRelease): string | undefined => {
  const later = [
    ...check.operations
      .filter((op) => !inRelease(operationSince(op), run.release))
      .map((op) => `${label(op)} arrived in ${operationSince(op)}`),
    ...(check.kinds ?? [])
      .filter((kind) => !inRelease(activityKindSince(kind), run.release))
      .map((kind) => `the ${kind} activity kind arrived in ${activityKindSince(kind)}`),
  ]
  return later.length === 0
    ? undefined
    : `Not in release ${releaseLabel(run.release, run.given)}: ${later.join('; ')}.`
}

/** The day before `date` (YYYY-MM-DD): the release in force before it arrived. */
const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10)

/** Every activity `kind` a request body names, at any depth (inline activities, rounds). */
const kindsIn = (body: string | undefined): ActivityKind[] => {
  if (body === undefined) return []
  const kinds = new Set<ActivityKind>()
  // A reviver visits every value without recursion of ours; a body we sent is small and valid.
  try {
    JSON.parse(body, (key, value: unknown) => {
      if (
        key === 'kind' &&
        typeof value === 'string' &&
        (ACTIVITY_KINDS as readonly string[]).includes(value)
      ) {
        kinds.add(value as ActivityKind)
      }
      return value
    })
  } catch {
    return []
  }
  return [...kinds]
}

/**
 * When a refused request needs what a dated release (§9) brought — its operation, or an activity
 * kind in its body — the advice a deployment on an earlier release needs: say its release
 * (`--release`, the file's `"release"`), not another spelling. `undefined` when nothing of it is
 * later than the first release.
 */
export const releaseAdvice = (
  op: OperationId,
  body: string | undefined,
  run: RunRelease,
): string | undefined => {
  const later = [
    ...(operationSince(op) === BASE_RELEASE
      ? []
      : [{ what: label(op), since: operationSince(op) }]),
    ...kindsIn(body)
      .filter((kind) => activityKindSince(kind) !== BASE_RELEASE)
      .map((kind) => ({ what: `the ${kind} activity kind`, since: activityKindSince(kind) })),
  ].filter((item) => inRelease(item.since, run.release))
  const first = later[0]
  if (!first) return undefined
  const earlier = dayBefore(first.since)
  return `${later.map((l) => `${l.what} arrived in release ${l.since}`).join('; ')} (§9): if this deployment runs an earlier release, check it as that release with --release ${earlier} or "release": "${earlier}" in the deployment file, and what came later is not sent`
}
