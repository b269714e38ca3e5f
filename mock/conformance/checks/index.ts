import type { CheckGroup } from '../engine/check.ts'
import { errorChecks } from './groups/errors.ts'
import { fieldConfigChecks } from './groups/field-configs.ts'
import { formStateChecks } from './groups/form-states.ts'
import { formChecks } from './groups/forms.ts'
import { listChecks } from './groups/lists.ts'
import { organizationChecks } from './groups/organizations.ts'
import { profileFormChecks } from './groups/profile-forms.ts'
import { profileInferredChecks } from './groups/profile-inferred.ts'
import { profileOtherChecks } from './groups/profile-other.ts'
import { profileSessionChecks } from './groups/profile-sessions.ts'
import { seriesChecks } from './groups/series.ts'
import { sessionChecks } from './groups/sessions.ts'
import { settingsChecks } from './groups/settings.ts'
import { sponsorChecks } from './groups/sponsors.ts'

/** The whole suite, in the order it runs. Each check is one test named after its sentence. */
export const CATALOG: readonly CheckGroup[] = [
  { title: 'Forms (§4)', checks: formChecks },
  {
    title: 'Form states and settings (§2, §3, §7.1–7.3)',
    checks: [...formStateChecks, ...fieldConfigChecks, ...settingsChecks],
  },
  { title: 'Sessions (§2, §3, §4, §7.4)', checks: sessionChecks },
  { title: 'Series (§2, §4, §5)', checks: seriesChecks },
  { title: 'Sponsor reports (§4, §5)', checks: sponsorChecks },
  { title: 'Lists and organizations (§1, §5)', checks: [...listChecks, ...organizationChecks] },
  { title: 'Error bodies (§7)', checks: errorChecks },
  {
    title: 'Profile: what the reference leaves open',
    checks: [
      ...profileFormChecks,
      ...profileSessionChecks,
      ...profileOtherChecks,
      ...profileInferredChecks,
    ],
  },
]

export const ALL_CHECKS = CATALOG.flatMap((group) => group.checks)
