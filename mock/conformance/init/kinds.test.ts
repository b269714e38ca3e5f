import { describe, expect, it } from 'vitest'
import type { Obj } from '../../../contract/json.ts'
import { initContents, type KindContent } from './contents.ts'
import { type KindProbe, probeKind } from './kinds.ts'

const content = (key: string): KindContent => {
  const found = initContents().find((c) => c.key === key)
  if (!found) throw new Error(key)
  return found
}

/** A deployment refusing any content with one of `refused`, or everything when told to. */
const deployment = (refused: readonly string[], refuseAll = false) => {
  const sent: Array<{ key: string; body: Obj }> = []
  const send = async (key: string, body: Obj): Promise<KindProbe> => {
    sent.push({ key, body })
    const bad = refused.find((k) => k in body)
    return refuseAll || bad
      ? { key, status: 400, accepted: false, answer: `Unrecognized key: ${bad ?? 'all'}` }
      : { key, status: 201, accepted: true, answer: 'accepted' }
  }
  return { sent, send }
}

describe('probing one kind', () => {
  it('sends the richest content once when it is accepted', async () => {
    const { sent, send } = deployment([])
    const outcome = await probeKind(content('sessions.activities.qa'), send)
    expect(outcome.verdict).toBe('accepted')
    expect(sent).toHaveLength(1)
  })

  it('names each refused key: the sample, each key alone, then the rest together', async () => {
    const qa = content('sessions.activities.qa')
    const { sent, send } = deployment(['moderated'])
    const outcome = await probeKind(qa, send)
    expect(outcome.verdict).toBe('keys')
    expect(outcome.refusedKeys).toEqual({ moderated: '400 "Unrecognized key: moderated"' })
    expect(outcome.proposed).toEqual({
      prompt: qa.rich.prompt,
      allowAnonymous: qa.rich.allowAnonymous,
    })
    expect(sent.map((s) => s.key)).toEqual([
      'sessions.activities.qa',
      'sessions.activities.qa (sample only)',
      'sessions.activities.qa.allowAnonymous',
      'sessions.activities.qa.moderated',
      'sessions.activities.qa (without the refused keys)',
    ])
  })

  it('stops at the sample when that is refused too: a content the user writes', async () => {
    const { sent, send } = deployment([], true)
    const outcome = await probeKind(content('forms.fields.email'), send)
    expect(outcome.verdict).toBe('refused')
    expect(outcome.sampleAnswer).toBe('400 "Unrecognized key: all"')
    expect(sent.map((s) => s.key)).toEqual([
      'forms.fields.email',
      'forms.fields.email (sample only)',
    ])
  })

  it('says so when each key alone is accepted and not all together', async () => {
    const qa = content('sessions.activities.qa')
    const sent: string[] = []
    const outcome = await probeKind(qa, async (key, body) => {
      sent.push(key)
      const both = 'moderated' in body && 'allowAnonymous' in body
      return { key, status: both ? 400 : 201, accepted: !both, answer: both ? 'not both' : 'ok' }
    })
    expect(outcome.verdict).toBe('combined')
    expect(outcome.proposed).toEqual(qa.base)
  })

  it('leaves a later kind refused as an unknown kind alone', async () => {
    const { sent, send } = deployment([], true)
    const outcome = await probeKind(content('sessions.activities.slides'), send, async () => true)
    expect(outcome.verdict).toBe('later')
    expect(sent).toHaveLength(1)
  })
})
