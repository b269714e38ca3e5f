import { z } from 'zod'
import { conflict, invalid, issuesOf, notFound, type Outcome, ok } from './errors.ts'
import { newId } from './ids.ts'
import type { Team } from './resources.ts'
import type { Context } from './store.ts'

/** Named team colors; any #rrggbb (either case) is accepted too. */
export const PALETTE = [
  'crimson',
  'tangerine',
  'sunflower',
  'emerald',
  'teal',
  'azure',
  'indigo',
  'violet',
  'magenta',
  'slate',
] as const

export const MAX_TEAMS = 32

export const TeamInput = z.strictObject({
  name: z.string().trim().min(1).max(60),
  color: z.union([
    z.string().regex(/^#[0-9a-fA-F]{6}$/),
    z.enum(PALETTE, { error: `color is #rrggbb or one of: ${PALETTE.join(', ')}` }),
  ]),
})
export type TeamInput = z.infer<typeof TeamInput>

/** Team names are unique within their session or series, ignoring case. */
export const duplicateName = (teams: Array<{ name: string }>) => {
  const seen = new Set<string>()
  for (const { name } of teams) {
    const key = name.toLowerCase()
    if (seen.has(key)) return name
    seen.add(key)
  }
  return undefined
}

export const newTeam = (input: TeamInput, order: number): Team => ({
  id: newId('tem'),
  name: input.name,
  color: input.color,
  order,
})

const findSession = (ctx: Context) => ctx.records.sessions.get(ctx.params.id ?? '')

export const createTeam = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  if (!record) return notFound('session')
  if (record.session.status !== 'draft')
    return conflict('teams are added only while the session is a draft')
  if (!record.teamMode) return conflict('the session is not in team mode')
  const body = TeamInput.safeParse(ctx.body)
  if (!body.success) return invalid('invalid team', issuesOf(body.error))
  if (duplicateName([...record.teams, body.data]))
    return conflict(`a team named ${body.data.name} already exists`)
  if (record.teams.length >= MAX_TEAMS)
    return conflict(`a session holds at most ${MAX_TEAMS} teams`)
  const team = newTeam(body.data, record.teams.length + 1)
  record.teams.push(team)
  return ok({ team })
}

const TeamMode = z.strictObject({ enabled: z.boolean() })

const teamModeView = (ctx: Context, record: { teamMode: boolean; teams: Team[] }) => ({
  teamMode: { sessionId: ctx.params.id, enabled: record.teamMode, teams: record.teams },
})

export const getTeamMode = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  return record ? ok(teamModeView(ctx, record)) : notFound('session')
}

/** Team mode changes only on a draft; switching it off is refused while teams exist. */
export const setTeamMode = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  if (!record) return notFound('session')
  const body = TeamMode.safeParse(ctx.body)
  if (!body.success) return invalid('invalid team mode', issuesOf(body.error))
  if (record.session.status !== 'draft')
    return conflict('team mode changes only while the session is a draft')
  if (!body.data.enabled && record.teams.length > 0)
    return conflict('the session has teams; team mode stays on')
  record.teamMode = body.data.enabled
  return ok(teamModeView(ctx, record))
}
