import type { DemoPlan } from '../contract/plan.ts'
import { LATEST_RELEASE, type Release } from '../contract/releases.ts'
import type { DemoCounts } from '../fixtures/demo.ts'
import { demoOrganizations } from '../fixtures/organizations.ts'
import type { DemoSnapshot } from './core/snapshot.ts'
import { checkState, type MockState } from './core/state.ts'

/** The seed whose default demo data is precomputed in fixtures/demo-snapshot.ts. */
export const SNAPSHOT_SEED = 1

/** The named starting data sets. */
export const SCENARIO_NAMES = ['demo', 'empty', 'large'] as const
export type ScenarioName = (typeof SCENARIO_NAMES)[number]

/**
 * `large`: enough records per resource for paging, virtualised lists and slow renders, still
 * deterministic per seed (the demo plan, scaled up). Override any count with `{ name: 'large',
 * counts }` or `large:forms=1000,sessions=50` where a scenario is given as text.
 */
export const LARGE_COUNTS: DemoCounts = {
  forms: 300,
  sessions: 100,
  series: 10,
  sponsorReports: 20,
  globexForms: 50,
  globexSessions: 20,
}

/**
 * Where a mock starts (and what `reset()` goes back to): a named data set, `large` with its own
 * counts, or a state exported from `GET /__mock/state`.
 */
export type Scenario = ScenarioName | { name: 'large'; counts?: Partial<DemoCounts> } | MockState

export const SCENARIOS_HELP =
  '`demo` (the demo data, default), `empty` (the organizations and their keys, no records), ' +
  '`large` (many records per resource; `large:forms=1000,sessions=50` sets counts), ' +
  'or a state exported from GET /__mock/state'

const COUNT_NAMES = Object.keys(LARGE_COUNTS) as (keyof DemoCounts)[]

/** Parses `demo`, `empty`, `large` or `large:forms=1000,sessions=50`; an error says what is wrong. */
export const parseScenarioName = (text: string): { scenario: Scenario } | { error: string } => {
  const [name, counts, ...rest] = text.trim().split(':')
  if (name === 'demo' || name === 'empty') {
    return counts === undefined
      ? { scenario: name }
      : { error: `Scenario "${name}" takes no counts; only large does (large:forms=1000).` }
  }
  if (name !== 'large' || rest.length > 0) {
    return { error: `Unknown scenario "${text}": use ${SCENARIOS_HELP}.` }
  }
  if (counts === undefined || counts === '') return { scenario: 'large' }
  const parsed: { -readonly [K in keyof DemoCounts]?: number } = {}
  for (const pair of counts.split(',')) {
    const [key, value] = pair.split('=')
    if (!COUNT_NAMES.includes(key as keyof DemoCounts)) {
      return { error: `Scenario "${text}": unknown count "${key}"; use ${COUNT_NAMES.join(', ')}.` }
    }
    const n = Number(value)
    if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
      return { error: `Scenario "${text}": ${key} must be a whole number ≥ 0, not "${value}".` }
    }
    parsed[key as keyof DemoCounts] = n
  }
  return { scenario: { name: 'large', counts: parsed } }
}

/** A short, stable name for a scenario: keys stored browser state, names it in messages. */
export const scenarioLabel = (scenario: Scenario): string => {
  if (typeof scenario === 'string') return scenario
  if ('format' in scenario) return 'state'
  const counts = { ...LARGE_COUNTS, ...scenario.counts }
  return `large:${COUNT_NAMES.map((key) => `${key}=${counts[key]}`).join(',')}`
}

/** No records: the organizations and their keys only. */
export const emptyPlan = (seed: number): DemoPlan => ({
  seed,
  organizations: demoOrganizations(),
  steps: [],
})

/** The faker plan is imported on first use: a bundler splits it (and faker) off the entry. */
const planOf =
  (seed: number, counts: Partial<DemoCounts> = {}) =>
  async (): Promise<DemoPlan> =>
    (await import('../fixtures/demo.ts')).demoPlan(seed, counts)

export type ScenarioStart =
  | { plan: DemoPlan | (() => Promise<DemoPlan>) }
  | { snapshot: () => Promise<DemoSnapshot> }
  | { state: MockState }

/**
 * What the core starts from: the precomputed demo (seed 1 of the latest release), a plan to replay
 * (the core keeps an earlier release's part of it), or a state to import. Throws on a scenario
 * that is not one, and on a state that does not validate. `demo` is the precomputed demo where the
 * host imported it itself; it is imported on first use otherwise.
 */
export const scenarioStart = (
  scenario: Scenario,
  seed: number,
  release: Release = LATEST_RELEASE,
  demo?: DemoSnapshot,
): ScenarioStart => {
  if (scenario === 'demo') {
    // The snapshot holds the latest release's data; an earlier release replays its part of the plan.
    if (seed === SNAPSHOT_SEED && release === LATEST_RELEASE) {
      return {
        snapshot: demo
          ? async () => demo
          : async () => (await import('../fixtures/demo-snapshot.ts')).demoSnapshot,
      }
    }
    return { plan: planOf(seed) }
  }
  if (scenario === 'empty') return { plan: emptyPlan(seed) }
  if (scenario === 'large') return { plan: planOf(seed, LARGE_COUNTS) }
  if (typeof scenario === 'object' && scenario !== null && 'name' in scenario) {
    if (scenario.name === 'large') {
      const counts = { ...LARGE_COUNTS, ...scenario.counts }
      for (const [key, value] of Object.entries(counts)) {
        if (!COUNT_NAMES.includes(key as keyof DemoCounts)) {
          throw new RangeError(
            `Scenario large: unknown count "${key}"; use ${COUNT_NAMES.join(', ')}.`,
          )
        }
        if (!Number.isSafeInteger(value) || value < 0) {
          throw new RangeError(`Scenario large: counts.${key} must be a whole number ≥ 0.`)
        }
      }
      return { plan: planOf(seed, counts) }
    }
  }
  if (typeof scenario === 'object' && scenario !== null && 'format' in scenario) {
    const checked = checkState(scenario)
    if (!checked.ok) throw new Error(`The scenario's state cannot be used. ${checked.error}`)
    return { state: checked.state }
  }
  throw new Error(`Unknown scenario ${JSON.stringify(scenario)}: use ${SCENARIOS_HELP}.`)
}
