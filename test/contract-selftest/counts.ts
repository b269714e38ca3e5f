/** What a deployment holds for one key, counted from its four lists (the documented shapes only). */
export interface RecordCounts {
  forms: number
  fields: number
  sessions: number
  activities: number
  series: number
  rounds: number
  reports: number
  /** Fields and activities (sessions' and rounds') by the kind the deployment answers with. */
  fieldKinds: Record<string, number>
  activityKinds: Record<string, number>
}

type Item = { kind?: string }
const tally = (items: Item[]) => {
  const out: Record<string, number> = {}
  for (const { kind } of items) out[String(kind)] = (out[String(kind)] ?? 0) + 1
  return out
}

/**
 * `laterLists: false` for a deployment of a release before 2026-07-13 (§9): it has no series and no
 * sponsor reports, so their lists are not read and count 0.
 */
export const recordCounts = async (
  baseUrl: string,
  apiKey: string,
  { laterLists = true }: { laterLists?: boolean } = {},
): Promise<RecordCounts> => {
  const get = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    })
    if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`)
    return (await answer.json()) as T
  }
  const { forms } = await get<{ forms: Array<{ fields: Item[] }> }>('/forms')
  const { sessions } = await get<{ sessions: Array<{ activities: Item[] }> }>('/sessions')
  const { series } = laterLists
    ? await get<{ series: Array<{ rounds: Array<{ activities: Item[] }> }> }>('/series')
    : { series: [] }
  const { reports } = laterLists ? await get<{ reports: unknown[] }>('/sponsors') : { reports: [] }
  const fields = forms.flatMap((f) => f.fields)
  const rounds = series.flatMap((s) => s.rounds)
  const activities = [...sessions, ...rounds].flatMap((s) => s.activities)
  return {
    forms: forms.length,
    fields: fields.length,
    sessions: sessions.length,
    activities: activities.length,
    series: series.length,
    rounds: rounds.length,
    reports: reports.length,
    fieldKinds: tally(fields),
    activityKinds: tally(activities),
  }
}
