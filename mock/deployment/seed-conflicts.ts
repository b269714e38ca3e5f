import { isObject } from '../../contract/json.ts'
import type { ApiStep } from '../../contract/plan.ts'
import { isRef } from '../../contract/plan-refs.ts'
import { teamNameKey } from '../../contract/teams.ts'
import type { DeploymentFile } from './schema.ts'

/**
 * The plan against the rules the target is known to hold, before anything is sent: a state the
 * mock serves may hold what the mock's API refuses to create (a recording of a deployment that
 * took two teams named `Owls` and `OWLS` in one session), and `seed --from` would stop part way
 * at the first such step, leaving what it created. The rules are known from the profile (no
 * deployment file: the target is taken to answer as our mock does, as `seed` then expects its
 * statuses) or from a deployment file that declares them; what the reference leaves open and the
 * file does not declare is not assumed of another deployment.
 */

/** A rule of the target that the plan breaks: seed would stop at the later of `steps` (1-based). */
export interface SeedConflict {
  message: string
  steps: number[]
}

/**
 * Where this target's team-name rule (`duplicate_team_name`: unique within a session or series,
 * case-insensitively) is known from, or undefined when it is not known to hold.
 */
export const teamNameRuleSource = (deployment: DeploymentFile | undefined): string | undefined =>
  deployment === undefined
    ? "the mock's rule (without --deployment, the target is taken to answer as the mock does)"
    : deployment.expect?.errors?.duplicate_team_name !== undefined
      ? 'the rule the deployment file declares (expect.errors.duplicate_team_name)'
      : undefined

interface Team {
  name: string
  step: number
}
interface Holder {
  what: string
  teams: Team[]
}

const titled = (kind: string, step: ApiStep) =>
  isObject(step.body) && typeof step.body.title === 'string'
    ? `${kind} "${step.body.title}"`
    : `the ${kind} of step`

const steps = (list: readonly number[]) => `step${list.length === 1 ? '' : 's'} ${list.join(', ')}`

/**
 * Each session or series of the plan (its steps that will be sent, `index` 0-based) whose teams
 * include two names the same but for case: one conflict per such group of names.
 */
export const teamNameConflicts = (
  planned: ReadonlyArray<{ index: number; step: ApiStep }>,
): SeedConflict[] => {
  const holders = new Map<string, Holder>()
  const holder = (key: string, what: string) => {
    const known = holders.get(key) ?? { what, teams: [] }
    holders.set(key, known)
    return known
  }
  for (const { index, step } of planned) {
    const at = index + 1
    const body = isObject(step.body) ? step.body : {}
    if (step.operation === 'createSession' && step.name !== undefined) {
      holder(step.name, `${titled('session', step)} (step ${at})`)
    } else if (step.operation === 'addTeam') {
      const session = step.params?.id
      if (!isRef(session) || typeof body.name !== 'string') continue
      holder(session.ref, `the session of step ${at}`).teams.push({ name: body.name, step: at })
    } else if (step.operation === 'createSeries' && Array.isArray(body.teams)) {
      const series = holder(`#${at}`, `${titled('series', step)} (step ${at})`)
      for (const team of body.teams) {
        if (isObject(team) && typeof team.name === 'string') {
          series.teams.push({ name: team.name, step: at })
        }
      }
    }
  }
  const conflicts: SeedConflict[] = []
  for (const { what, teams } of holders.values()) {
    const byName = new Map<string, Team[]>()
    for (const team of teams) {
      const key = teamNameKey(team.name)
      byName.set(key, [...(byName.get(key) ?? []), team])
    }
    for (const same of byName.values()) {
      if (same.length < 2) continue
      const at = [...new Set(same.map((team) => team.step))]
      conflicts.push({
        message: `${what}: its teams ${same.map((team) => JSON.stringify(team.name)).join(' and ')} (${steps(at)}) are one name to this target, which keeps team names unique in a session or series, ignoring case.`,
        steps: at,
      })
    }
  }
  return conflicts
}

/** Every conflict of the plan with the rules known of the target, and where they are known from. */
export const checkPlanRules = (
  deployment: DeploymentFile | undefined,
  planned: ReadonlyArray<{ index: number; step: ApiStep }>,
): { conflicts: SeedConflict[]; source?: string } => {
  const source = teamNameRuleSource(deployment)
  if (source === undefined) return { conflicts: [] }
  return { conflicts: teamNameConflicts(planned), source }
}
