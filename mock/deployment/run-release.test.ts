import { describe, expect, it } from 'vitest'
import { LATEST, releaseAdvice } from './run-release.ts'

const july11 = { release: '2026-07-11', given: '2026-07-12' } as const

describe('the release advice of a refused request', () => {
  it('names --release and "release" for what a later release brought, and nothing for the rest', () => {
    expect(releaseAdvice('createSeries', '{"title":"x"}', LATEST)).toBe(
      'POST /series arrived in release 2026-07-13 (§9): if this deployment runs an earlier release, check it as that release with --release 2026-07-12 or "release": "2026-07-12" in the deployment file, and what came later is not sent',
    )
    expect(
      releaseAdvice('addActivity', '{"kind":"slides","slides":[{"type":"title"}]}', LATEST),
    ).toMatch(
      /^the slides activity kind arrived in release 2026-07-11 \(§9\).*--release 2026-07-10 /,
    )
    expect(releaseAdvice('addActivity', '{"kind":"poll"}', LATEST)).toBeUndefined()
    expect(releaseAdvice('createForm', undefined, LATEST)).toBeUndefined()
    // Held to a release without it already: the check is not in this release, no advice needed.
    expect(releaseAdvice('createSeries', undefined, july11)).toBeUndefined()
  })
})
