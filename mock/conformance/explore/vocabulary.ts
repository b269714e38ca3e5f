import { ACTIVITY_KINDS, type ActivityKind } from '../../../contract/activities.ts'
import { FIELD_KINDS, type FieldKind } from '../../../contract/fields.ts'
import type { DeploymentFile } from '../../deployment/schema.ts'
import {
  activityContent,
  activityKey,
  declaredFieldKinds,
  fieldKey,
  fieldWord,
  namedUseCases,
  realFieldKind,
} from '../../deployment/vocabulary.ts'

/**
 * What exploration may send this deployment: the values the reference settles, and of those it
 * leaves open the ones the deployment confirmed — by its deployment file, by exploration's own
 * probe (one field of each undeclared kind, one activity of each undeclared kind, before the first
 * run), or by accepting them earlier in this exploration. Under --strict: everything the profile
 * allows, and a refusal is a divergence.
 */
export class ExploreVocabulary {
  readonly #fields = new Set<FieldKind>()
  readonly #activities = new Set<ActivityKind>()
  /** File keys of kinds the deployment refused during this exploration: no longer generated. */
  readonly #refused = new Set<string>()

  constructor(
    readonly deployment: DeploymentFile,
    readonly strict: boolean,
  ) {
    for (const kind of declaredFieldKinds(deployment)) this.#fields.add(kind)
    for (const kind of ACTIVITY_KINDS) {
      if (activityContent(deployment, kind)) this.#activities.add(kind)
    }
  }

  /** Kinds neither confirmed by the file nor declared not offered: what the probe sends once. */
  unconfirmed(): { fields: FieldKind[]; activities: ActivityKind[] } {
    if (this.strict) return { fields: [], activities: [] }
    return {
      fields: FIELD_KINDS.filter(
        (kind) => !this.#fields.has(kind) && fieldWord(this.deployment, kind) !== null,
      ),
      activities: ACTIVITY_KINDS.filter(
        (kind) => !this.#activities.has(kind) && activityContent(this.deployment, kind) !== null,
      ),
    }
  }

  confirmField(kind: FieldKind): void {
    this.#fields.add(kind)
  }
  confirmActivity(kind: ActivityKind): void {
    this.#activities.add(kind)
  }
  /** The deployment refused a request with only this kind in doubt: stop generating it. */
  refuse(key: string): void {
    if (!this.strict) this.#refused.add(key)
  }

  /** A copy a run sends from: what it refuses is its own until merged (`absorb`). */
  fork(): ExploreVocabulary {
    const copy = new ExploreVocabulary(this.deployment, this.strict)
    for (const kind of this.#fields) copy.#fields.add(kind)
    for (const kind of this.#activities) copy.#activities.add(kind)
    copy.absorb(this)
    return copy
  }

  /** What another copy learnt the deployment refuses. */
  absorb(other: ExploreVocabulary): void {
    for (const key of other.#refused) this.#refused.add(key)
  }

  /** Field kinds to generate. Under --strict every kind the file does not rule out. */
  fieldKinds(): FieldKind[] {
    return FIELD_KINDS.filter((kind) =>
      this.strict ? fieldWord(this.deployment, kind) !== null : this.#fields.has(kind),
    )
  }
  activityKinds(): ActivityKind[] {
    return ACTIVITY_KINDS.filter((kind) =>
      this.strict ? activityContent(this.deployment, kind) !== null : this.#activities.has(kind),
    )
  }
  /** Whether a generated field or activity kind may still be sent (not refused meanwhile). */
  allowsField(kind: string): boolean {
    return !this.#refused.has(fieldKey(kind))
  }
  allowsActivity(kind: string): boolean {
    return !this.#refused.has(activityKey(kind))
  }

  /** The deployment's name of a profile field kind (the model answers with the profile's). */
  realKind(kind: string): string {
    return (FIELD_KINDS as readonly string[]).includes(kind)
      ? (realFieldKind(this.deployment, kind as FieldKind) ?? kind)
      : kind
  }

  /** Use cases the file names for this deployment (none are settled: §2 names only templates). */
  useCases(): string[] {
    return namedUseCases(this.deployment)
  }
}
