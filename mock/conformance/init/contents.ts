import { ACTIVITY_KINDS, type ActivityKind } from '../../../contract/activities.ts'
import { FIELD_KINDS, type FieldKind } from '../../../contract/fields.ts'
import { TEMPLATE_CONTENT } from '../../../contract/form-templates.ts'
import { ACTIVITY_SAMPLES, FIELD_SAMPLES } from '../../../contract/input-examples.ts'
import type { Obj } from '../../../contract/json.ts'
import { demoPlan } from '../../../fixtures/demo.ts'
import { planContents, shapePaths, shapeWithin } from '../../deployment/plan-contents.ts'
import { activityKey, fieldKey } from '../../deployment/vocabulary.ts'

/**
 * What `--init` sends for one activity or field kind: the richest content the demo plan (what
 * `seed` sends) and exploration (the catalog's samples) send of it, and how to tell, when a
 * deployment refuses it, which of its keys it refuses.
 */
export interface KindContent {
  type: 'activity' | 'field'
  kind: ActivityKind | FieldKind
  /** The deployment file key of the kind: `sessions.activities.poll`, `forms.fields.phone`. */
  key: string
  /** Every key the plan and exploration send of this kind, in one content (a field: its config). */
  rich: Obj
  /** Exploration's sample: the small content a deployment is first asked to accept. */
  base: Obj
  /**
   * The keys of `rich` beyond `base`: absent from it, or richer there (a deck with every slide
   * type where the sample has one title slide). Each is tried alone on top of `base`.
   */
  parts: string[]
}

/**
 * One content of every key the candidates use: the richest of them (most shape paths), then the
 * keys only the others have, each with its first value. Candidates are the profile's, so each key's
 * value is valid on its own; the richest keeps the keys that go together (options and their
 * correct answers).
 */
const richest = (candidates: readonly Obj[]): Obj => {
  const ranked = [...candidates].sort((a, b) => shapePaths(b).size - shapePaths(a).size)
  const out: Obj = { ...ranked[0] }
  for (const other of ranked.slice(1)) {
    for (const [key, value] of Object.entries(other)) if (!(key in out)) out[key] = value
  }
  return structuredClone(out)
}

const partsOf = (rich: Obj, base: Obj): string[] =>
  Object.keys(rich).filter((key) => !(key in base) || !shapeWithin(rich[key], base[key]))

let cached: KindContent[] | undefined

/**
 * Each activity kind (§2's order) and field kind of the profile with the content `--init` probes.
 * Derived from the default demo plan and the samples, never from a list of its own: a key the
 * fixtures start sending is probed from then on.
 */
export const initContents = (): readonly KindContent[] => {
  if (cached) return cached
  const sent = planContents(demoPlan().steps)
  // A template's fields are sent when a deployment lacks them (seed completes the form).
  const templateFields = Object.values(TEMPLATE_CONTENT).flatMap((t) => t.fields)
  const of = (type: 'activity' | 'field', kind: string): Obj[] => [
    ...sent.filter((c) => c.type === type && c.kind === kind).map((c) => c.content),
    ...(type === 'field'
      ? templateFields.filter((f) => f.kind === kind).map((f) => f.config as Obj)
      : []),
  ]
  const activities = ACTIVITY_KINDS.map((kind): KindContent => {
    const { kind: _, ...base } = ACTIVITY_SAMPLES[kind] as Obj
    const rich = richest([...of('activity', kind), base])
    return {
      type: 'activity',
      kind,
      key: activityKey(kind),
      rich,
      base,
      parts: partsOf(rich, base),
    }
  })
  const fields = FIELD_KINDS.map((kind): KindContent => {
    const base = FIELD_SAMPLES[kind].config as Obj
    const rich = richest([...of('field', kind), base])
    return { type: 'field', kind, key: fieldKey(kind), rich, base, parts: partsOf(rich, base) }
  })
  cached = [...activities, ...fields]
  return cached
}

/** `base` with one part of `rich`. */
export const withPart = (content: KindContent, part: string): Obj => ({
  ...structuredClone(content.base),
  [part]: structuredClone(content.rich[part]),
})

/** `rich` without the refused parts: each back to `base`'s value, or left out where it has none. */
export const withoutParts = (content: KindContent, refused: readonly string[]): Obj => {
  const out = structuredClone(content.rich)
  for (const part of refused) {
    if (part in content.base) out[part] = structuredClone(content.base[part])
    else delete out[part]
  }
  return out
}

export { CONTENT_PROBE_EXTRA } from './bound.ts'
