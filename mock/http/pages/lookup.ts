import type { Activity } from '../../../contract/activities.ts'
import type { Team } from '../../../contract/teams.ts'
import type { StoredForm } from '../../core/records/forms.ts'
import type { StoredSeries } from '../../core/records/series.ts'
import type { StoredReport } from '../../core/records/sponsors.ts'
import type { Store } from '../../core/store.ts'

/**
 * Public URLs carry no API key, so their records are found across every organization. Slugs and
 * join codes are unique store-wide (the store reserves them), so the first match is the only one.
 * Linear scans: a page view is rare next to API traffic, and the store may be swapped at any reset.
 */
export const formBySlug = (store: Store, slug: string): StoredForm | undefined =>
  store.forms.all().find((form) => form.slug === slug)

export const reportBySlug = (store: Store, slug: string): StoredReport | undefined =>
  store.reports.all().find((report) => report.slug === slug)

export const seriesById = (store: Store, id: string): StoredSeries | undefined =>
  store.series.get(id)

/** What a join code opens: a session, one round of a series, or the series itself. */
export interface Stage {
  kind: 'session' | 'round' | 'series'
  title: string
  /** Where the stage sits, e.g. "Round 2 of Quiz League 2026". */
  context?: string
  joinCode: string
  status: string
  mode: 'live' | 'self_paced'
  activities: Activity[]
  /** The activity on the big screen, if the host picked one. */
  currentActivityId: string | null
  teams: Team[]
}

export type CodeTarget = { kind: 'stage'; stage: Stage } | { kind: 'form'; form: StoredForm }

const roundStage = (
  series: StoredSeries,
  index: number,
  kind: Stage['kind'],
): Stage | undefined => {
  const round = series.rounds[index]
  const position = `Round ${index + 1} of ${series.rounds.length}`
  if (kind === 'series') {
    return {
      kind,
      title: series.title,
      ...(round ? { context: `${position}: ${round.title}` } : {}),
      joinCode: series.joinCode,
      status: series.status,
      mode: round?.mode ?? 'live',
      activities: round?.activities ?? [],
      currentActivityId: null,
      teams: series.teams,
    }
  }
  if (!round) return undefined
  return {
    kind,
    title: round.title,
    context: `${position} · ${series.title}`,
    joinCode: round.joinCode,
    status: round.status,
    mode: round.mode,
    activities: round.activities,
    currentActivityId: null,
    teams: series.teams,
  }
}

/** Join codes are shown in capitals but people type them as they like. */
export const targetByCode = (store: Store, raw: string): CodeTarget | undefined => {
  const code = raw.toUpperCase()
  const session = store.sessions.all().find((s) => s.joinCode === code)
  if (session) {
    return {
      kind: 'stage',
      stage: {
        kind: 'session',
        title: session.title,
        joinCode: session.joinCode,
        status: session.status,
        mode: session.mode,
        activities: session.activities,
        currentActivityId: session.currentActivityId,
        teams: session.teamMode ? session.teams : [],
      },
    }
  }
  for (const series of store.series.all()) {
    const stage =
      series.joinCode === code
        ? roundStage(series, 0, 'series')
        : roundStage(
            series,
            series.rounds.findIndex((r) => r.joinCode === code),
            'round',
          )
    if (stage) return { kind: 'stage', stage }
  }
  const form = store.forms.all().find((f) => f.joinCode === code)
  return form ? { kind: 'form', form } : undefined
}
