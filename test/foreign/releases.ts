/**
 * Releases are named by date (§9). 2026-07-10 predates the slides activity kind (added 2026-07-11);
 * 2026-07-12 predates series and sponsor reports (added 2026-07-13).
 */
export const RELEASES = ['latest', '2026-07-12', '2026-07-10'] as const
export type Release = (typeof RELEASES)[number]

export const isRelease = (value: string): value is Release =>
  (RELEASES as readonly string[]).includes(value)

/** Series and sponsor reports exist from 2026-07-13. */
export const hasSeriesAndSponsors = (release: Release) => release === 'latest'
