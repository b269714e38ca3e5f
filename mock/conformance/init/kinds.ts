import type { Obj } from '../../../contract/json.ts'
import { type KindContent, withoutParts, withPart } from './contents.ts'

/** One request of `--init`'s probe, as the prober (prober.ts) records it. */
export interface KindProbe {
  key: string
  status: number
  accepted: boolean
  answer: string
  /** A 2xx answer that could not be read (see prober.ts's Probe): neither accepted nor refused. */
  unread?: string
}

/**
 * What `--init` learnt of one activity or field kind:
 * - `accepted`: the richest content, as is;
 * - `keys`: refused, but the sample was accepted and each key beyond it was tried alone:
 *   `refusedKeys` were refused, `proposed` (the richest without them) was accepted;
 * - `combined`: each key alone was accepted, all together were not: `proposed` is the sample;
 * - `refused`: even the sample was refused (another name, other keys): the user writes it;
 * - `later`: refused as a kind no release has (a later release's kind);
 * - `unprobed`: not sent (no form or session to add it to, or the bound was reached).
 */
export interface KindOutcome {
  content: KindContent
  verdict: 'accepted' | 'keys' | 'combined' | 'refused' | 'later' | 'unprobed'
  /** The content (a field: its config) to write: accepted by the deployment, except when refused. */
  proposed: Obj
  /** Each key refused alone → `400 "its answer"`. */
  refusedKeys: Record<string, string>
  /** The first answer: to the richest content. */
  first?: KindProbe
  /** The answer that refused the sample, when it was. */
  sampleAnswer?: string
}

/** The probe key of a part of a kind's content: `sessions.activities.poll.allowMultiple`. */
export const partKey = (content: KindContent, part: string): string =>
  content.type === 'field' ? `${content.key}.config.${part}` : `${content.key}.${part}`
export const sampleKey = (content: KindContent) => `${content.key} (sample only)`
export const trimmedKey = (content: KindContent) => `${content.key} (without the refused keys)`

export const answerText = (probe: KindProbe) => `${probe.status} "${probe.answer}"`

const same = (a: Obj, b: Obj) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Sends a kind's richest content; when refused, the sample, then the sample with each key beyond it,
 * then the richest without the keys refused: one run names every key this deployment refuses.
 * `send` sends a content of this kind under a probe key (undefined: not sent, the bound reached);
 * `later` tells a refusal of a later release's kind from one of its content.
 */
export const probeKind = async (
  content: KindContent,
  send: (key: string, body: Obj) => Promise<KindProbe | undefined>,
  later: (first: KindProbe) => Promise<boolean> = async () => false,
): Promise<KindOutcome> => {
  const outcome = (
    verdict: KindOutcome['verdict'],
    proposed: Obj,
    rest: Partial<KindOutcome> = {},
  ) => ({ content, verdict, proposed, refusedKeys: {}, ...rest }) satisfies KindOutcome
  const first = await send(content.key, content.rich)
  if (!first) return outcome('unprobed', content.rich)
  if (first.accepted) return outcome('accepted', content.rich, { first })
  if (await later(first)) return outcome('later', content.rich, { first })
  const sample = content.parts.length > 0 ? await send(sampleKey(content), content.base) : undefined
  if (!sample?.accepted) {
    return outcome('refused', content.rich, {
      first,
      sampleAnswer: answerText(sample ?? first),
    })
  }
  const refusedKeys: Record<string, string> = {}
  for (const part of content.parts) {
    const alone = await send(partKey(content, part), withPart(content, part))
    if (alone && !alone.accepted) refusedKeys[part] = answerText(alone)
  }
  const refused = Object.keys(refusedKeys)
  if (refused.length === 0) return outcome('combined', content.base, { first })
  let proposed = withoutParts(content, refused)
  if (!same(proposed, content.base)) {
    const trimmed = await send(trimmedKey(content), proposed)
    if (!trimmed?.accepted) proposed = content.base
  }
  return outcome('keys', proposed, { first, refusedKeys })
}
