import { ACTIVITY_KIND_SINCE, ACTIVITY_KINDS, type ActivityKind } from './activities.ts'
import { type EndpointId, endpoints } from './endpoints.ts'
import { BASE_RELEASE } from './release-name.ts'

export { BASE_RELEASE, type ReleaseName } from './release-name.ts'

/**
 * The release timeline of §9. A release is named by the date of its release notes; what the notes
 * date nothing for was there before the first dated release, in `initial`. The reference gives that
 * release no date (nor any date before 2026-07-11), so it has none: every date before the first
 * dated release is in it. Each operation (endpoints.ts) and activity kind (activities.ts) declares
 * the release that introduced it; the list of releases is what they declare. A `Release` is every
 * release something is declared to arrive in.
 */
export type Release =
  | (typeof endpoints)[EndpointId]['since']
  | (typeof ACTIVITY_KIND_SINCE)[ActivityKind]

/** `initial` before every date; dates in calendar order (ISO dates sort as text). */
const order = (a: string, b: string) =>
  a === b ? 0 : a === BASE_RELEASE ? -1 : b === BASE_RELEASE ? 1 : a < b ? -1 : 1

/** The known releases, oldest first. */
export const RELEASES: readonly Release[] = [
  ...new Set<Release>([
    ...Object.values(endpoints).map((endpoint) => endpoint.since),
    ...Object.values(ACTIVITY_KIND_SINCE),
  ]),
].sort(order)

/** The release everything defaults to: the one the reference describes in full. */
export const LATEST_RELEASE = RELEASES.at(-1) as Release

/** Whether something introduced in `since` is there in `release`. */
export const inRelease = (since: Release, release: Release): boolean => order(since, release) <= 0

/** The operations a deployment of `release` offers, in the endpoint table's order. */
export const operationsIn = (release: Release): EndpointId[] =>
  (Object.keys(endpoints) as EndpointId[]).filter((id) => inRelease(endpoints[id].since, release))

/** The activity kinds `release` has, in §2's order. */
export const activityKindsIn = (release: Release): ActivityKind[] =>
  ACTIVITY_KINDS.filter((kind) => inRelease(ACTIVITY_KIND_SINCE[kind], release))

/** The release an operation arrived in. */
export const operationSince = (id: EndpointId): Release => endpoints[id].since

/** The release an activity kind arrived in. */
export const activityKindSince = (kind: ActivityKind): Release => ACTIVITY_KIND_SINCE[kind]

/** What `release` added, in words: `POST /series, GET /series, …` or `the slides activity kind`. */
export const releaseAdds = (release: Release): string => {
  const operations = (Object.keys(endpoints) as EndpointId[])
    .filter((id) => endpoints[id].since === release)
    .map((id) => `${endpoints[id].method} ${endpoints[id].path}`)
  const kinds = ACTIVITY_KINDS.filter((kind) => ACTIVITY_KIND_SINCE[kind] === release)
  return [
    ...operations,
    ...(kinds.length === 0
      ? []
      : [`the ${kinds.join(', ')} activity kind${kinds.length > 1 ? 's' : ''}`]),
  ].join(', ')
}

/** What came after `release`, each with its release: `POST /series, … (2026-07-13)`; '' for the latest. */
export const addedAfter = (release: Release): string =>
  RELEASES.slice(RELEASES.indexOf(release) + 1)
    .map((later) => `${releaseAdds(later)} (${later})`)
    .join('; ')

/** The releases as a usage message lists them: `initial (before 2026-07-11), 2026-07-11 (adds …)`. */
export const describeReleases = (): string =>
  RELEASES.map((release, i) =>
    release === BASE_RELEASE
      ? `${release} (before ${RELEASES[i + 1] ?? 'any dated release'})`
      : `${release} (adds ${releaseAdds(release)})`,
  ).join('; ')

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
const isCalendarDate = (text: string): boolean => {
  const parts = ISO_DATE.exec(text)
  if (!parts) return false
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

export type ResolvedRelease =
  | {
      release: Release
      /** What was asked for: a release's name, or a date (the release in force on it). */
      given: string
    }
  | { error: string }

/**
 * A release's name, or any date: the latest release on or before that day (2026-07-12 is the
 * 2026-07-11 release; any date before the first dated release is `initial`). Anything else is an
 * error that lists the known releases.
 */
export const resolveRelease = (text: string): ResolvedRelease => {
  const given = text.trim()
  const named = RELEASES.find((release) => release === given)
  if (named) return { release: named, given }
  if (isCalendarDate(given)) {
    const inForce = RELEASES.filter((release) => release === BASE_RELEASE || release <= given)
    const release = inForce.at(-1)
    if (release) return { release, given }
  }
  return {
    error: `Unknown release "${text}": give a date (YYYY-MM-DD; the release in force that day) or a release: ${describeReleases()}.`,
  }
}

/** `2026-07-11`, or `2026-07-11 (in force on 2026-07-12)` when a date between releases was given. */
export const releaseLabel = (release: Release, given: string = release): string =>
  given === release ? release : `${release} (in force on ${given})`
