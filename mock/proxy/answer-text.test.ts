import { describe, expect, it } from 'vitest'
import { Secrets } from '../report-format/secrets.ts'
import { AnswerTexts } from './answer-text.ts'
import { BodyTap } from './body-tap.ts'

const KEY = 'sk_live_abcdef123456'
const tapOf = (text: string, limit = 1024) => {
  const tap = new BodyTap(limit)
  tap.add(Buffer.from(text))
  return tap
}

/** Whether the answer's text, read once, is then reused (the same entry) for the same bytes. */
const reused = (texts: AnswerTexts, path: string | undefined, body: string, limit?: number) => {
  texts.of(path, tapOf(body, limit), undefined)
  const second = texts.of(path, tapOf(body, limit), undefined)
  return texts.of(path, tapOf(body, limit), undefined) === second
}

describe("an answer's text for the checker", () => {
  it('is reused, read once, for a byte-identical answer on the same path', () => {
    const texts = new AnswerTexts(new Secrets())
    expect(reused(texts, '/forms', '{"forms":[]}')).toBe(true)
    const kept = texts.of('/forms', tapOf('{"forms":[]}'), undefined)
    expect(texts.of('/forms', tapOf('{"forms":[1]}'), undefined)).not.toBe(kept)
    expect(kept.text).toBe('{"forms":[]}')
  })

  it('is read again, with the new secret replaced, once a secret is learned', () => {
    const secrets = new Secrets()
    const texts = new AnswerTexts(secrets)
    const body = `{"key":"${KEY}"}`
    expect(texts.of('/keys', tapOf(body), undefined).text).toContain(KEY)
    secrets.variable(KEY)
    expect(texts.of('/keys', tapOf(body), undefined).text).toBe('{"key":"$API_KEY_1"}')
  })

  it('is never reused for a cut body or a path outside the API root', () => {
    const texts = new AnswerTexts(new Secrets())
    expect(texts.of('/forms', tapOf('{"forms":[]}', 4), undefined)).toMatchObject({
      text: '{"fo',
      truncated: true,
    })
    expect(reused(texts, '/forms', '{"forms":[]}', 4)).toBe(false)
    expect(reused(texts, undefined, '{}')).toBe(false)
  })
})
