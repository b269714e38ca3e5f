import { ACTIVITY_SAMPLES, TEAMS } from '../../../contract/input-examples.ts'
import {
  probeFieldKinds,
  probeFieldOperations,
  probeFormCreate,
  probePublishedCreate,
} from './probe-forms.ts'
import type { ProbeScope, ProbeStep } from './probe-scope.ts'
import {
  probeActivityKinds,
  probeOpenAndPresent,
  probeOpenCreate,
  probeSessionCreate,
  probeTeamMode,
} from './probe-sessions.ts'
import type { Answer } from './prober.ts'
import { absentOperations, RELEASE_KEY, RELEASE_PROBES } from './release-probe.ts'

/** §9: which release this deployment runs (GET /series, GET /sponsors: reads, safe anywhere). */
export const probeRelease: ProbeStep = async (scope) => {
  const { api, prober } = scope
  for (const id of RELEASE_PROBES) {
    await prober.send(RELEASE_KEY, id, () => (api[id] as (args?: object) => Promise<Answer>)({}))
  }
  scope.absent = absentOperations(prober.probes)
}

/** A create of a later release (§9) is sent only where the release reads found its operations. */
export const probeSeriesCreate: ProbeStep = async ({ api, prober, title, absent }) => {
  if (absent.has('createSeries')) return
  await prober.send('series.create', 'createSeries', () =>
    api.createSeries({
      body: {
        title: title('series'),
        teams: [TEAMS.owls, TEAMS.foxes],
        rounds: [{ title: 'Round 1', activities: [ACTIVITY_SAMPLES.quiz] }],
      },
    }),
  )
}

export const probeSponsorCreate: ProbeStep = async ({ api, prober, title, absent }) => {
  if (absent.has('createSponsorReport')) return
  await prober.send('sponsors.create', 'createSponsorReport', () =>
    api.createSponsorReport({
      body: {
        title: title('report'),
        brandLabel: 'Deployment probe',
        rangeStart: '2026-01-01T00:00:00.000Z',
        rangeEnd: '2026-12-31T23:59:59.999Z',
      },
    }),
  )
}

/**
 * The probe, one request at a time. The order is part of what the file says: the release first
 * (it decides what is sent), each create before what is probed on its record.
 */
export const PROBE_STEPS: readonly ProbeStep[] = [
  probeRelease,
  probeFormCreate,
  probePublishedCreate,
  probeFieldKinds,
  probeFieldOperations,
  probeSessionCreate,
  probeActivityKinds,
  probeTeamMode,
  probeOpenCreate,
  probeOpenAndPresent,
  probeSeriesCreate,
  probeSponsorCreate,
]

/** Runs the steps; kinds never sent (no form or session to add them to) are still outcomes. */
export const runProbes = async (
  scope: ProbeScope,
  steps: readonly ProbeStep[] = PROBE_STEPS,
): Promise<void> => {
  for (const step of steps) await step(scope)
  for (const content of scope.contents) {
    if (!scope.kinds.some((k) => k.content === content)) {
      scope.kinds.push({ content, verdict: 'unprobed', proposed: content.rich, refusedKeys: {} })
    }
  }
}
