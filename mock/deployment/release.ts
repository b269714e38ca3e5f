import * as z from 'zod'
import type { ActivityKind } from '../../contract/activities.ts'
import { operationLabel as label } from '../../contract/endpoints.ts'
import {
  activityKindSince,
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
