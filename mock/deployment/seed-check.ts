import type { ActivityKind } from '../../contract/activities.ts'
import { TEMPLATE_CONTENT } from '../../contract/form-templates.ts'
import type { FormTemplate } from '../../contract/forms.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { ApiStep } from '../../contract/plan.ts'
import { isRef } from '../../contract/plan-refs.ts'
import { shapeWithin, stepContents } from './plan-contents.ts'
import type { DeploymentFile, ProbeEntry } from './schema.ts'
import { activityKey, fieldKey, spellActivity, spellField } from './vocabulary.ts'

/** Something of the plan this deployment refused when `--init` probed it: seed would stop there. */
export interface SeedProblem {
  /** The deployment file key to change. */
  key: string
  message: string
  /** The plan's steps (1-based) that send it. */
  steps: number[]
}

/** JSON text with sorted keys: two contents are the same whatever their keys' order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : isObject(value)
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
          .join(',')}}`
      : JSON.stringify(value)

const withoutKind = ({ kind: _, ...content }: Obj): Obj => content

/** A kind's content as this file sends it; null: the file leaves the kind out. */
const spelled = (
  deployment: DeploymentFile,
  type: 'activity' | 'field',
  kind: string,
  content: Obj,
) => {
  if (type === 'activity') {
    const activity = spellActivity(deployment, { ...content, kind })
    return activity === null ? null : { kind, content: withoutKind(activity) }
  }
  const field = spellField(deployment, { kind, config: content })
  return field === null ? null : { kind: field.kind, content: field.config }
}

/**
 * The field kind a step that replaces a field's config acts on: read from the step that created the
 * field (an added field, or a form's template and inline fields, by position).
 */
const fieldKinds = (steps: readonly ApiStep[]) => {
  const named = new Map(steps.flatMap((s) => (s.name ? [[s.name, s] as const] : [])))
  return (step: ApiStep): string | undefined => {
    const ref = step.params?.fieldId
    if (!isRef(ref)) return undefined
    const source = named.get(ref.ref)
    if (!source || !isObject(source.body)) return undefined
    if (source.operation === 'addField') return String(source.body.kind)
    const at = /^form\.fields\.(\d+)\.id$/.exec(ref.path)?.[1]
    if (source.operation !== 'createForm' || at === undefined) return undefined
    const template = source.body.template as FormTemplate | undefined
    const fields = [
      ...(template ? TEMPLATE_CONTENT[template].fields : []),
      ...(Array.isArray(source.body.fields) ? source.body.fields : []),
    ] as Obj[]
    const kind = fields[Number(at)]?.kind
    return typeof kind === 'string' ? kind : undefined
  }
}

const list = (steps: readonly number[]) =>
  `step${steps.length === 1 ? '' : 's'} ${steps.slice(0, 5).join(', ')}${steps.length > 5 ? ', …' : ''}`

/**
 * The plan's contents against what the deployment file's `probe` says this deployment refused,
 * before anything is sent: each key a content still sends that was refused, and each kind whose
 * content the file still spells as the probe sent it when it was refused whole. Steps are the
 * ones that will be sent (`index` is the plan's, 0-based). Without a `probe` section: nothing.
 */
export const checkSeedPlan = (
  deployment: DeploymentFile,
  planned: ReadonlyArray<{ index: number; step: ApiStep }>,
): SeedProblem[] => {
  const probe = deployment.probe
  if (!probe) return []
  const kindOf = fieldKinds(planned.map((p) => p.step))
  const found = new Map<
    string,
    { key: string; problem: (steps: number[]) => string; steps: number[] }
  >()
  const note = (id: string, key: string, problem: (steps: number[]) => string, step: number) => {
    const entry = found.get(id) ?? { key, problem, steps: [] }
    if (!entry.steps.includes(step)) entry.steps.push(step)
    found.set(id, entry)
  }
  for (const { index, step } of planned) {
    for (const { type, kind, content } of stepContents(step, kindOf)) {
      const entry: ProbeEntry | undefined =
        type === 'activity'
          ? probe.activities?.[kind as ActivityKind]
          : probe.fields?.[kind as keyof NonNullable<typeof probe.fields>]
      if (!entry) continue
      const sent = spelled(deployment, type, kind, content)
      if (sent === null) continue // left out of its record: nothing of it is sent
      const key = type === 'activity' ? activityKey(kind) : fieldKey(kind)
      const what = type === 'activity' ? `${kind} activities` : `${kind} fields`
      const refused = entry.refused
      if (refused) {
        const probed = spelled(deployment, type, kind, refused.sent)
        if (
          probed &&
          probed.kind === kind &&
          canonical(probed.content) === canonical(refused.sent)
        ) {
          note(
            key,
            key,
            (steps) =>
              `this deployment refused the ${kind} ${type} --init sent, even with its required keys only (${refused.answer}), and the file still sends it that way: the plan's ${what} (${list(steps)}) would be refused. Write ${type === 'activity' ? `a content it accepts under ${key}` : `its name and config under ${key}`}, or null to leave the kind out.`,
            index + 1,
          )
          continue
        }
      }
      for (const [refusedKey, answer] of Object.entries(entry.refusedKeys ?? {})) {
        if (!(refusedKey in sent.content)) continue
        const accepted = entry.accepted
        if (
          accepted &&
          refusedKey in accepted &&
          shapeWithin(sent.content[refusedKey], accepted[refusedKey])
        ) {
          continue // a required key, no richer than the value the deployment accepted
        }
        note(
          `${key}\u0000${refusedKey}`,
          key,
          (steps) =>
            `the plan's ${what} (${list(steps)}) send ${refusedKey}, which this deployment refused when --init probed it (${answer}). ${
              type === 'activity'
                ? `Write a content without it under ${key} (--init wrote one the deployment accepted)`
                : `Leave it out with "config": { "${refusedKey}": null } under ${key} (--init wrote that)`
            }, or spell it as this deployment does.`,
          index + 1,
        )
      }
    }
  }
  return [...found.values()].map(({ key, problem, steps }) => ({
    key,
    message: `${key}: ${problem(steps)}`,
    steps,
  }))
}
