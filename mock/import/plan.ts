import type { ApiStep, DemoPlan, DemoStep, Ref } from '../../contract/plan.ts'
import type { MockState } from '../core/state.ts'

/**
 * A state as a plan of API calls (the demo plan's format), so `seed --from` sends it with the
 * demo plan's seeder: the same vocabulary, order, refusals and listing. Each record is created in
 * the order its relations need (a session's teams while it is a draft, then its opening and
 * ending; a form's publish after its fields), oldest record first, so the deployment's lists come
 * out newest first as the state's do. Responses become the plan's response steps: the API cannot
 * send them (§1), so a deployment skips them and counts them, and the mock writes them.
 */

const ref = (name: string, path: string): Ref => ({ ref: name, path })

type Owned = { seq: number; orgId: string }
const bySeq = <T extends Owned>(records: readonly T[]) => [...records].sort((a, b) => a.seq - b.seq)

export const planOfState = (state: MockState): DemoPlan => {
  const keyOf = new Map(state.organizations.map((org) => [org.id, org.apiKey]))
  const steps: Array<{ seq: number; steps: DemoStep[] }> = []
  const api = (
    record: Owned & { createdAt: string },
    operation: ApiStep['operation'],
    extra: Partial<ApiStep>,
  ): ApiStep => ({
    type: 'api',
    apiKey: keyOf.get(record.orgId) ?? '',
    at: record.createdAt,
    operation,
    ...extra,
  })

  for (const form of bySeq(state.forms)) {
    const name = `form.${form.id}`
    const id = ref(name, 'form.id')
    const own: DemoStep[] = [
      api(form, 'createForm', {
        name,
        body: {
          title: form.title,
          description: form.description,
          fields: form.fields.map((f) => ({ kind: f.kind, config: f.config })),
          settings: form.settings,
        },
      }),
    ]
    if (form.status !== 'draft') own.push(api(form, 'publishForm', { params: { id } }))
    if (form.status === 'closed') own.push(api(form, 'closeForm', { params: { id } }))
    steps.push({ seq: form.seq, steps: own })
  }
  for (const session of bySeq(state.sessions)) {
    const name = `session.${session.id}`
    const id = ref(name, 'session.id')
    const own: DemoStep[] = [
      api(session, 'createSession', {
        name,
        body: {
          title: session.title,
          mode: session.mode,
          teamMode: session.teamMode,
          activities: session.activities.map((a) => ({ kind: a.kind, ...a.config })),
        },
      }),
      ...session.teams.map((team) =>
        api(session, 'addTeam', { params: { id }, body: { name: team.name, color: team.color } }),
      ),
    ]
    if (session.status !== 'draft') own.push(api(session, 'openSession', { params: { id } }))
    if (session.status === 'ended') own.push(api(session, 'endSession', { params: { id } }))
    steps.push({ seq: session.seq, steps: own })
  }
  for (const series of bySeq(state.series)) {
    steps.push({
      seq: series.seq,
      steps: [
        api(series, 'createSeries', {
          name: `series.${series.id}`,
          body: {
            title: series.title,
            teams: series.teams.map((t) => ({ name: t.name, color: t.color })),
            rounds: series.rounds.map((r) => ({
              title: r.title,
              mode: r.mode,
              activities: r.activities.map((a) => ({ kind: a.kind, ...a.config })),
            })),
          },
        }),
      ],
    })
  }
  for (const report of bySeq(state.reports)) {
    steps.push({
      seq: report.seq,
      steps: [
        api(report, 'createSponsorReport', {
          name: `report.${report.id}`,
          body: {
            title: report.title,
            brandLabel: report.brandLabel,
            ...(report.rangeStart === null ? {} : { rangeStart: report.rangeStart }),
            ...(report.rangeEnd === null ? {} : { rangeEnd: report.rangeEnd }),
          },
        }),
      ],
    })
  }
  const forms = new Map(state.forms.map((f) => [f.id, f]))
  const byForm = new Map<string, MockState['responses']>()
  for (const response of bySeq(state.responses)) {
    byForm.set(response.formId, [...(byForm.get(response.formId) ?? []), response])
  }
  for (const [formId, responses] of byForm) {
    const form = forms.get(formId)
    if (!form || responses.length === 0) continue
    steps.push({
      seq: Math.max(...responses.map((r) => r.seq)),
      steps: [
        {
          type: 'responses',
          apiKey: keyOf.get(form.orgId) ?? '',
          form: ref(`form.${form.id}`, 'form.id'),
          responses: responses.map((r) => ({
            submittedAt: r.submittedAt,
            email: r.email,
            answers: form.fields.map((f) => r.answers[f.id] ?? null),
          })),
        },
      ],
    })
  }
  return {
    seed: 1,
    organizations: state.organizations.map((org) => ({
      id: org.id,
      name: org.name,
      apiKey: org.apiKey,
      entitlements: [...org.entitlements],
    })),
    steps: steps.sort((a, b) => a.seq - b.seq).flatMap((s) => s.steps),
  }
}
