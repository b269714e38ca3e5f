/**
 * How a release of §9 is named: the date of its release notes, or `initial` for what the notes date
 * nothing for. Apart from releases.ts (which reads every operation and activity kind) so that
 * endpoints.ts, activities.ts and route.ts name the release of what they declare without importing
 * releases.ts back.
 */
export const BASE_RELEASE = 'initial'
export type ReleaseName = typeof BASE_RELEASE | `${number}-${number}-${number}`
