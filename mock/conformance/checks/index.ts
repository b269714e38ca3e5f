import type { CheckGroup } from '../check.ts'
import { errorChecks } from './errors.ts'
import { fieldConfigChecks } from './field-configs.ts'
import { formStateChecks } from './form-states.ts'
import { formChecks } from './forms.ts'
import { organizationChecks } from './organizations.ts'
import { profileFormChecks } from './profile-forms.ts'
import { profileInferredChecks } from './profile-inferred.ts'
import { profileOtherChecks } from './profile-other.ts'
import { profileSessionChecks } from './profile-sessions.ts'
import { listChecks } from './scoping.ts'
import { seriesChecks } from './series.ts'
import { sessionChecks } from './sessions.ts'
import { settingsChecks } from './settings.ts'
import { sponsorChecks } from './sponsors.ts'

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
