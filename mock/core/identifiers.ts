import type { CollectionName, StoredRecord } from './collections.ts'

/** The kinds of identifier no two records may share: each has its own set in the store. */
export type IdentifierKind = 'id' | 'joinCode' | 'slug'
type Claim = (kind: IdentifierKind, value: string) => void

/**
 * The identifiers a record holds besides its own id (its nested records' ids, join codes, slugs),
 * in the order an import checks them: an import refuses a state that repeats one, and a replayed
 * journal reserves them, so a restarted mock never hands one out again.
 */
export const NESTED_IDENTIFIERS: {
  [K in CollectionName]: (record: StoredRecord<K>, claim: Claim) => void
} = {
  forms: (form, claim) => {
    for (const field of form.fields) claim('id', field.id)
    claim('joinCode', form.joinCode)
    claim('slug', form.slug)
  },
  sessions: (session, claim) => {
    for (const activity of session.activities) claim('id', activity.id)
    for (const team of session.teams) claim('id', team.id)
    claim('joinCode', session.joinCode)
  },
  series: (series, claim) => {
    for (const team of series.teams) claim('id', team.id)
    claim('joinCode', series.joinCode)
    for (const round of series.rounds) {
      claim('id', round.id)
      for (const activity of round.activities) claim('id', activity.id)
      claim('joinCode', round.joinCode)
    }
  },
  reports: (report, claim) => claim('slug', report.slug),
  responses: () => {},
}
