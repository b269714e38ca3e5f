import fc from 'fast-check'
import type { ActivityInput } from '../../../contract/activities.ts'
import type { FieldInput, FieldKind } from '../../../contract/fields.ts'
import { ACTIVITY_SAMPLES, FIELD_SAMPLES } from '../../../contract/input-examples.ts'
import {
  createSponsorReportBody,
  fieldInput,
  formSettingsInput,
  activityInput as profileActivity,
} from '../../../contract/samples.ts'
import type { ExploreVocabulary } from './vocabulary.ts'

/**
 * The request content exploration generates. Under --strict: anything the profile allows. Otherwise
 * only what the reference settles or the deployment confirmed (ExploreVocabulary): fields and
 * activities of confirmed kinds with the catalog's known-good content, settings of named settings
 * with settled values (no null, the one layout §2 names, use cases the file names), a report with
 * no window or a whole one in the past. Values the reference leaves open — null settings, a window
 * with one edge or in the future, config bounds, kinds no one confirmed — only under --strict.
 */
export interface Bodies {
  /** An inline or added field; undefined when no field kind is confirmed. */
  field: fc.Arbitrary<FieldInput> | undefined
  /** A config to replace a field's of `kind` with. */
  config: (kind: string | undefined) => fc.Arbitrary<Record<string, unknown>>
  activity: fc.Arbitrary<ActivityInput> | undefined
  settings: fc.Arbitrary<Record<string, unknown>>
  report: fc.Arbitrary<Record<string, unknown>>
  /** Whether an update may send a title and a description together (both named in §4). */
  strict: boolean
}

const LABELS = ['Your name', 'Pick one', 'Comments', 'Rate us'] as const
const label = fc.constantFrom(...LABELS)
const isKind = (kinds: readonly string[], kind: string | undefined): kind is FieldKind =>
  kind !== undefined && kinds.includes(kind)

/** A sample's config with another label: a visible, surely valid change. */
const sampleConfig = (kind: FieldKind) =>
  label.map((text) => ({ ...FIELD_SAMPLES[kind].config, label: text }) as Record<string, unknown>)

const DAY = 86_400_000
/** A whole window, both edges in the past, start before end (whole days, UTC). */
const pastWindow = fc
  .tuple(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 1, max: 60 }))
  .map(([ago, length]) => {
    const end = Math.floor(Date.now() / DAY) * DAY - ago * DAY
    return {
      rangeStart: new Date(end - length * DAY).toISOString(),
      rangeEnd: new Date(end).toISOString(),
    }
  })

export const bodies = (vocabulary: ExploreVocabulary): Bodies => {
  const fieldKinds = vocabulary.fieldKinds()
  const activityKinds = vocabulary.activityKinds()
  if (vocabulary.strict) {
    const allowedField = fieldInput.filter((f) => fieldKinds.includes(f.kind))
    const allowedActivity = profileActivity.filter((a) => activityKinds.includes(a.kind))
    return {
      field: fieldKinds.length > 0 ? allowedField : undefined,
      config: () => allowedField.map((f) => f.config as Record<string, unknown>),
      activity: activityKinds.length > 0 ? allowedActivity : undefined,
      settings: formSettingsInput as fc.Arbitrary<Record<string, unknown>>,
      report: createSponsorReportBody as fc.Arbitrary<Record<string, unknown>>,
      strict: true,
    }
  }
  const useCases = vocabulary.useCases()
  const settings = fc
    .record(
      {
        collectEmail: fc.boolean(),
        emailRequired: fc.boolean(),
        thankYouMessage: fc.constantFrom('Thanks!', 'See you soon.'),
        redirectUrl: fc.constantFrom('https://example.com/thanks', 'https://example.org/done'),
        showProgress: fc.boolean(),
        layout: fc.constant('single_page'),
        ...(useCases.length > 0 ? { useCase: fc.constantFrom(...useCases) } : {}),
      },
      { requiredKeys: [], noNullPrototype: true },
    )
    // Requiring an email without collecting one is refused by the profile: open, so never sent.
    .map((s) => (s.emailRequired && !s.collectEmail ? { ...s, emailRequired: false } : s))
  return {
    field:
      fieldKinds.length > 0
        ? fc
            .constantFrom(...fieldKinds)
            .chain((kind) => sampleConfig(kind).map((config) => ({ kind, config }) as FieldInput))
        : undefined,
    config: (kind) =>
      sampleConfig(isKind(fieldKinds, kind) ? kind : (fieldKinds[0] ?? 'submission')),
    activity:
      activityKinds.length > 0
        ? fc.constantFrom(...activityKinds).map((kind) => ACTIVITY_SAMPLES[kind] as ActivityInput)
        : undefined,
    settings,
    report: fc
      .tuple(
        fc.constantFrom('Presented by Acme', 'Sponsored'),
        fc.oneof(fc.constant({}), pastWindow),
      )
      .map(([brandLabel, window]) => ({ brandLabel, ...window })),
    strict: false,
  }
}
