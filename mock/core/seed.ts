import { Answer } from '../../contract/forms.ts'
import type { DemoPlan, DemoStep } from '../../contract/plan.ts'
import { resolveRefs as resolve } from '../../contract/plan-refs.ts'
import { fillPath } from '../../contract/route.ts'
import { contract } from '../../contract/table.ts'
import type { Dispatcher } from './dispatch.ts'
import type { IdSource } from './ids.ts'
import type { Store } from './store.ts'

interface SeedEnv {
  store: Store
  ids: IdSource
  dispatcher: Dispatcher
  /** Pins the mock's clock while a step runs. */
  setNow: (at: string | undefined) => void
}

const orgOf = (store: Store, apiKey: string) => {
  const org = store.orgByKey(apiKey)
  if (!org) throw new Error(`Demo plan step uses unknown API key "${apiKey}"`)
  return org
}

const applyStep = async (
  env: SeedEnv,
  step: DemoStep,
  index: number,
  named: Map<string, unknown>,
) => {
  const { store, ids } = env
  const org = orgOf(store, step.apiKey)
  if (step.type === 'api') {
    const route = contract[step.operation]
    const params = resolve(step.params ?? {}, named) as Record<string, string>
    env.setNow(step.at)
    const response = await env.dispatcher.handle(
      {
        method: route.method,
        path: fillPath(route.path, params),
        headers: { authorization: `Bearer ${step.apiKey}`, 'content-type': 'application/json' },
        ...(step.body === undefined ? {} : { body: JSON.stringify(resolve(step.body, named)) }),
      },
      { locked: true },
    )
    env.setNow(undefined)
    if (response.status !== route.success.status) {
      throw new Error(
        `Demo plan step ${index} (${step.operation}) answered ${response.status}: ${response.text}`,
      )
    }
    if (step.name) named.set(step.name, JSON.parse(response.text))
    return
  }
  if (step.type === 'participation') {
    const target = resolve(step.target, named) as string
    const session = store.sessions.getOwned(org.id, target)
    if (session) {
      await store.sessions.replace(session, { ...session, participants: step.participants })
      return
    }
    const series = store.series.listByOrg(org.id).find((s) => s.rounds.some((r) => r.id === target))
    if (!series) throw new Error(`Demo plan step ${index}: no session or round ${target}`)
    await store.series.replace(series, {
      ...series,
      roundParticipants: { ...series.roundParticipants, [target]: step.participants },
    })
    return
  }
  const formId = resolve(step.form, named) as string
  const form = store.forms.getOwned(org.id, formId)
  if (!form) throw new Error(`Demo plan step ${index}: no form ${formId}`)
  for (const response of step.responses) {
    await store.responses.insert({
      id: ids.id('response'),
      formId,
      submittedAt: response.submittedAt,
      email: response.email,
      answers: Object.fromEntries(
        response.answers.flatMap((answer, i) => {
          const field = form.fields[i]
          return field && answer !== null && answer !== undefined
            ? [[field.id, Answer.parse(answer)]]
            : []
        }),
      ),
      orgId: org.id,
      seq: store.nextSeq(),
    })
  }
}

/** Replays a demo plan through the mock's own operations; a step that fails names itself. */
export const applyPlan = async (env: SeedEnv, plan: DemoPlan): Promise<void> => {
  for (const org of plan.organizations) env.store.addOrganization(org)
  const named = new Map<string, unknown>()
  for (const [index, step] of plan.steps.entries()) await applyStep(env, step, index, named)
  env.dispatcher.invalidate()
}
