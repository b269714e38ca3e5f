import type { Client } from '../../../contract/client.ts'
import type { FieldKind } from '../../../contract/fields.ts'
import type { Obj } from '../../../contract/json.ts'
import type { OperationId } from '../../../contract/table.ts'
import type { KindContent } from './contents.ts'
import type { KindOutcome, KindProbe } from './kinds.ts'
import { type Answer, ok, type Prober } from './prober.ts'

/**
 * What the probe's steps share: the client and the prober, what the steps learnt so far (the
 * release's absent operations, the kinds' outcomes) and the records a later step builds on. A step
 * whose record is missing (its create refused, or the bound reached) sends nothing.
 */
export interface ProbeScope {
  api: Client
  prober: Prober
  /** A title with the run marker, so what the probe leaves behind can be found. */
  title: (text: string) => string
  contents: readonly KindContent[]
  kinds: KindOutcome[]
  absent: Set<OperationId>
  formId?: string
  /** The field the form operations are probed on: a submission field when one was created. */
  field?: { id: string; kind: FieldKind }
  /** A draft session: the activity kinds are added to it, then it is opened. */
  draftId?: string
}

/** One step of the probe, in the order PROBE_STEPS lists them. */
export type ProbeStep = (scope: ProbeScope) => Promise<void>

/** Sends a content of one kind under a probe key; the kind's own key first, follow-ups after. */
export const contentSender =
  (
    scope: ProbeScope,
    content: KindContent,
    op: 'addField' | 'addActivity',
    call: (body: Obj) => Promise<Answer>,
    created?: (answer: Answer) => void,
  ) =>
  async (key: string, body: Obj): Promise<KindProbe | undefined> => {
    const { prober } = scope
    const answer = await prober.send(key, op, () => call(body), undefined, key !== content.key)
    if (!answer) return undefined
    if (ok(answer)) created?.(answer)
    return prober.probes.at(-1)
  }
