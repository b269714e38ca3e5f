import { describe, expect, it } from 'vitest'
import { JoinCode, Slug } from '../../contract/index.ts'
import { IdSource } from './ids.ts'
import { Store } from './store.ts'

const free = () => true
const source = (seed = 1) => {
  const store = new Store()
  return new IdSource(seed, (kind, value) => store.reserve(kind, value))
}

describe('IdSource', () => {
  it('makes ids of a prefix and 12 lowercase alphanumerics', () => {
    const ids = source()
    expect(ids.id('form')).toMatch(/^frm_[a-z0-9]{12}$/)
    expect(ids.id('team')).toMatch(/^team_[a-z0-9]{12}$/)
    expect(ids.id('response')).toMatch(/^rsp_[a-z0-9]{12}$/)
  })

  it('makes join codes of 6 characters without look-alikes (no I, O, 0, 1)', () => {
    const ids = source()
    const codes = Array.from({ length: 500 }, () => ids.joinCode())
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/)
    expect(codes.every((code) => JoinCode.safeParse(code).success)).toBe(true)
    // Across 500 codes every letter of the alphabet shows up: the alphabet is the whole one.
    expect(new Set(codes.join('')).size).toBe(32)
  })

  it('makes slugs as the kebab-case title plus a 4-character suffix', () => {
    const ids = source()
    expect(ids.slug('Spring Hackathon: Feedback!')).toMatch(
      /^spring-hackathon-feedback-[a-z0-9]{4}$/,
    )
    expect(ids.slug('Café Día — Ünïcode')).toMatch(/^cafe-dia-unicode-[a-z0-9]{4}$/)
    expect(ids.slug('!!!')).toMatch(/^untitled-[a-z0-9]{4}$/)
    const long = ids.slug(`${'word '.repeat(30)}end`)
    expect(long.length).toBeLessThanOrEqual(48 + 5)
    expect(Slug.safeParse(long).success).toBe(true)
  })

  it('replays the same values from the same seed, and others from another', () => {
    const take = (ids: IdSource) => [ids.id('form'), ids.joinCode(), ids.slug('Same')]
    expect(take(new IdSource(5, free))).toEqual(take(new IdSource(5, free)))
    expect(take(new IdSource(5, free))).not.toEqual(take(new IdSource(6, free)))
    const ids = new IdSource(5, free)
    const first = take(ids)
    ids.reseed(5)
    expect(take(ids)).toEqual(first)
  })

  it('draws again when a value is already taken, so a collision never repeats an identifier', () => {
    const store = new Store()
    const reserve = (kind: 'id' | 'joinCode' | 'slug', value: string) => store.reserve(kind, value)
    const a = new IdSource(9, reserve)
    // Same seed, same store: b's first draws are exactly a's values, which are taken.
    const b = new IdSource(9, reserve)
    const fromA = [a.id('form'), a.joinCode(), a.slug('Retro')]
    const fromB = [b.id('form'), b.joinCode(), b.slug('Retro')]
    for (const [i, value] of fromB.entries()) expect(value).not.toBe(fromA[i])
    expect(fromB[0]).toMatch(/^frm_[a-z0-9]{12}$/)
    expect(fromB[2]).toMatch(/^retro-[a-z0-9]{4}$/)
  })

  it('asks the reserve about each value, by kind', () => {
    const asked: string[] = []
    let refuse = 2
    const ids = new IdSource(1, (kind, value) => {
      asked.push(`${kind}:${value}`)
      return refuse-- <= 0
    })
    const id = ids.id('session')
    expect(asked).toHaveLength(3)
    expect(asked.every((entry) => entry.startsWith('id:ses_'))).toBe(true)
    expect(asked.at(-1)).toBe(`id:${id}`)
  })
})
