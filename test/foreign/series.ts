import { z } from 'zod'
import { conflict, type Issue, invalid, issuesOf, type Outcome, ok } from './errors.ts'
import { newId } from './ids.ts'
import type { Round, Series } from './resources.ts'
import { newSession, parseActivities, SessionShape } from './sessions.ts'
import { type Context, newestFirst } from './store.ts'
import { duplicateName, MAX_TEAMS, newTeam, TeamInput } from './teams.ts'

export const MAX_ROUNDS = 20

const CreateSeries = z.strictObject({
  title: z.string().trim().min(1).max(200),
  teams: z.array(TeamInput).max(MAX_TEAMS).optional(),
  rounds: z.array(z.strictObject(SessionShape)).max(MAX_ROUNDS).optional(),
})

export const createSeries = (ctx: Context): Outcome => {
  const body = CreateSeries.safeParse(ctx.body)
  if (!body.success) return invalid('invalid series', issuesOf(body.error))
  const teams = body.data.teams ?? []
  const duplicate = duplicateName(teams)
  if (duplicate) return conflict(`two teams are named ${duplicate}`)
  const { deployment } = ctx
  const issues: Issue[] = []
  const rounds: Round[] = []
  ;(body.data.rounds ?? []).forEach((round, i) => {
    const parsed = parseActivities(deployment, round.activities ?? [], ['rounds', i, 'activities'])
    if ('issues' in parsed) issues.push(...parsed.issues)
    else rounds.push(newSession(deployment, 'rnd', round, parsed.activities))
  })
  if (issues.length) return invalid('invalid series', issues)
  const id = newId('ser')
  const series: Series = {
    id,
    title: body.data.title,
    status: 'draft',
    joinCode: deployment.codes.joinCode(),
    manageUrl: `${deployment.publicBase}/series/${id}/manage`,
    createdAt: deployment.clock.now(),
    teams: teams.map((t, i) => newTeam(t, i + 1)),
    rounds,
  }
  ctx.records.series.set(id, series)
  return ok({ series })
}

export const listSeries = (ctx: Context): Outcome => ok({ series: newestFirst(ctx.records.series) })
