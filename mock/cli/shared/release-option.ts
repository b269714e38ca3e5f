import { InvalidArgumentError } from 'commander'
import { type Release, resolveRelease } from '../../../contract/releases.ts'

/** `--release` of the traffic commands: the release and what was given (a date between releases). */
export interface ReleaseArgument {
  release: Release
  given: string
}

/** A release's name or any date (the release in force that day); anything else lists the releases. */
export const parseReleaseArgument = (raw: string): ReleaseArgument => {
  const resolved = resolveRelease(raw)
  if ('error' in resolved) throw new InvalidArgumentError(resolved.error)
  return resolved
}

export const TRAFFIC_RELEASE_HELP =
  'report every exchange a deployment of that release could not serve (§9: an operation or an ' +
  'activity kind that came later), and exit 1 if there is one: a date (the release in force that ' +
  "day) or a release's name"
