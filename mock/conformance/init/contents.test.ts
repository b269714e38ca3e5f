import { describe, expect, it } from 'vitest'
import { ACTIVITY_SAMPLES } from '../../../contract/input-examples.ts'
import { demoPlan } from '../../../fixtures/demo.ts'
import { planContents } from '../../deployment/plan-contents.ts'
import { CONTENT_PROBE_EXTRA, initContents, withoutParts, withPart } from './contents.ts'

const byKey = () => Object.fromEntries(initContents().map((c) => [c.key, c]))

describe("--init's richest contents", () => {
  it('hold every key the demo plan sends of each kind, the ones the samples lack among them', () => {
    const contents = byKey()
    expect(contents['sessions.activities.word_cloud']?.rich).toHaveProperty(
      'maxWordsPerParticipant',
    )
    expect(contents['sessions.activities.poll']?.rich).toHaveProperty('allowMultiple')
    expect(contents['sessions.activities.spin_wheel']?.rich).toHaveProperty('removeWinner')
    expect(contents['forms.fields.email']?.rich).toHaveProperty('placeholder')
    // Read off the plan, not listed: every key any content of the plan sends is in its kind's.
    for (const sent of planContents(demoPlan().steps)) {
      const key = `${sent.type === 'activity' ? 'sessions.activities' : 'forms.fields'}.${sent.kind}`
      for (const property of Object.keys(sent.content)) {
        expect(contents[key]?.rich, `${key}.${property}`).toHaveProperty(property)
      }
    }
  })

  it('try each key beyond the sample alone: absent from it, or richer there (a whole deck)', () => {
    const contents = byKey()
    expect(contents['sessions.activities.quiz']?.parts).toEqual(['timeLimitSeconds', 'points'])
    // The sample has one title slide; the demo's decks have every slide type.
    expect(contents['sessions.activities.slides']?.parts).toEqual(['slides'])
    expect(contents['sessions.activities.cue']?.parts).toEqual([])
    const poll = contents['sessions.activities.poll']
    if (!poll) throw new Error('no poll')
    const { kind: _, ...sample } = ACTIVITY_SAMPLES.poll
    expect(withPart(poll, 'allowMultiple')).toEqual({
      ...sample,
      allowMultiple: poll.rich.allowMultiple,
    })
    expect(withoutParts(poll, ['allowMultiple'])).not.toHaveProperty('allowMultiple')
    const slides = contents['sessions.activities.slides']
    if (!slides) throw new Error('no slides')
    // A refused richer value falls back to the sample's.
    expect(withoutParts(slides, ['slides'])).toEqual(slides.base)
  })

  it('bound the follow-up requests by the schemas: every key of every kind', () => {
    const parts = initContents().reduce((n, c) => n + 2 + c.parts.length, 0)
    expect(parts).toBeLessThanOrEqual(CONTENT_PROBE_EXTRA)
  })
})
