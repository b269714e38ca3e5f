import { type DemoCounts, demoPlan } from '../fixtures/index.ts'
import type { DemoPlan } from '../fixtures/plan.ts'
import { checkState, type MockState } from './core/state.ts'

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

/** What the core starts from: a plan to replay, or a state to import. Throws on a bad scenario. */
export const scenarioStart = (
  scenario: Scenario,
  seed: number,
): { plan: DemoPlan } | { state: MockState } => {
  if (scenario === 'demo') return { plan: demoPlan(seed) }
  if (scenario === 'empty') return { plan: { ...demoPlan(seed, emptyCounts), steps: [] } }
  if (scenario === 'large') return { plan: demoPlan(seed, LARGE_COUNTS) }
  if (typeof scenario === 'object' && scenario !== null && 'name' in scenario) {
    if (scenario.name === 'large') {
      return { plan: demoPlan(seed, { ...LARGE_COUNTS, ...scenario.counts }) }
    }
  }
  if (typeof scenario === 'object' && scenario !== null && 'format' in scenario) {
    const checked = checkState(scenario)
    if ('error' in checked) throw new Error(`The scenario's state cannot be used. ${checked.error}`)
    return { state: checked.state }
  }
  throw new Error(`Unknown scenario ${JSON.stringify(scenario)}: use ${SCENARIOS_HELP}.`)
}

const emptyCounts: DemoCounts = {
  forms: 0,
  sessions: 0,
  series: 0,
  sponsorReports: 0,
  globexForms: 0,
  globexSessions: 0,
}
