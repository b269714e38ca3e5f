import { describe, expect, it } from 'vitest'
import {
  ID_BODY_LENGTH,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  JoinCode,
  SLUG_SUFFIX_LENGTH,
  Slug,
} from '../../contract/common.ts'
import { IdSource } from './ids.ts'
import { createIdFaker } from './ids-faker.ts'
import { Store } from './store.ts'

const free = () => true
/** A source with faker loaded, ready to draw. */
const loaded = async (
  seed: number,
  reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean,
) => {
  const ids = new IdSource(seed, reserve)
  await ids.load()
  return ids
}
const source = (seed = 1) => {
  const store = new Store()
  return loaded(seed, (kind, value) => store.reserve(kind, value))
}

describe('IdSource', () => {
  it('makes ids of a prefix and 12 lowercase alphanumerics', async () => {
    const ids = await source()
    expect(ids.id('form')).toMatch(/^frm_[a-z0-9]{12}$/)
    expect(ids.id('team')).toMatch(/^team_[a-z0-9]{12}$/)
    expect(ids.id('response')).toMatch(/^rsp_[a-z0-9]{12}$/)
  })

  it('makes join codes of 6 characters without look-alikes (no I, O, 0, 1)', async () => {
    const ids = await source()
    const codes = Array.from({ length: 500 }, () => ids.joinCode())
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/)
    expect(codes.every((code) => JoinCode.safeParse(code).success)).toBe(true)
    // Across 500 codes every letter of the alphabet shows up: the alphabet is the whole one.
    expect(new Set(codes.join('')).size).toBe(32)
  })

  it('makes slugs as the kebab-case title plus a 4-character suffix', async () => {
    const ids = await source()
    expect(ids.slug('Spring Hackathon: Feedback!')).toMatch(
      /^spring-hackathon-feedback-[a-z0-9]{4}$/,
    )
    expect(ids.slug('Café Día — Ünïcode')).toMatch(/^cafe-dia-unicode-[a-z0-9]{4}$/)
    expect(ids.slug('!!!')).toMatch(/^untitled-[a-z0-9]{4}$/)
    const long = ids.slug(`${'word '.repeat(30)}end`)
    expect(long.length).toBeLessThanOrEqual(48 + 5)
    expect(Slug.safeParse(long).success).toBe(true)
  })

  it('replays the same values from the same seed, and others from another', async () => {
    const take = (ids: IdSource) => [ids.id('form'), ids.joinCode(), ids.slug('Same')]
    expect(take(await loaded(5, free))).toEqual(take(await loaded(5, free)))
    expect(take(await loaded(5, free))).not.toEqual(take(await loaded(6, free)))
    const ids = await loaded(5, free)
    const first = take(ids)
    ids.reseed(5)
    expect(take(ids)).toEqual(first)
  })

  it("hands out exactly what faker's string helpers draw from the same seed, number for number", async () => {
    // The seeded demo data and every saved snapshot's idDraws depend on this sequence.
    const ids = await loaded(11, free)
    const reference = createIdFaker()
    reference.randomizer.seed(11)
    const { string } = reference.faker
    const lower = { length: ID_BODY_LENGTH, casing: 'lower' } as const
    for (let i = 0; i < 300; i++) {
      expect(ids.id('form')).toBe(`frm_${string.alphanumeric(lower)}`)
      expect(ids.joinCode()).toBe(string.fromCharacters(JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH))
      const suffix = string.alphanumeric({ length: SLUG_SUFFIX_LENGTH, casing: 'lower' })
      expect(ids.slug('Same title')).toBe(`same-title-${suffix}`)
    }
    expect(ids.draws).toBe(reference.randomizer.draws())
  })

  it("stays faker's sequence when identifiers of every length and kind interleave", async () => {
    // Each length reuses its own buffer of character codes: a longer draw must not leave its tail
    // in a shorter one, and a prefix must not survive into the next kind's.
    const ids = await loaded(4, free)
    const reference = createIdFaker()
    reference.randomizer.seed(4)
    const { string } = reference.faker
    const lower = (length: number) => string.alphanumeric({ length, casing: 'lower' })
    const titles = ['A', 'A much longer title, with more words than the others', 'Mid title']
    for (let i = 0; i < 60; i++) {
      const title = titles[i % titles.length] as string
      const stem = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 48)
        .replace(/-+$/, '')
      expect(ids.slug(title)).toBe(`${stem}-${lower(SLUG_SUFFIX_LENGTH)}`)
      expect(ids.id('team')).toBe(`team_${lower(ID_BODY_LENGTH)}`)
      expect(ids.joinCode()).toBe(string.fromCharacters(JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH))
      expect(ids.id('field')).toBe(`fld_${lower(ID_BODY_LENGTH)}`)
    }
    expect(ids.draws).toBe(reference.randomizer.draws())
  })

  it('draws again when a value is already taken, so a collision never repeats an identifier', async () => {
    const store = new Store()
    const reserve = (kind: 'id' | 'joinCode' | 'slug', value: string) => store.reserve(kind, value)
    const a = await loaded(9, reserve)
    // Same seed, same store: b's first draws are exactly a's values, which are taken.
    const b = await loaded(9, reserve)
    const fromA = [a.id('form'), a.joinCode(), a.slug('Retro')]
    const fromB = [b.id('form'), b.joinCode(), b.slug('Retro')]
    for (const [i, value] of fromB.entries()) expect(value).not.toBe(fromA[i])
    expect(fromB[0]).toMatch(/^frm_[a-z0-9]{12}$/)
    expect(fromB[2]).toMatch(/^retro-[a-z0-9]{4}$/)
  })

  it('asks the reserve about each value, by kind', async () => {
    const asked: string[] = []
    let refuse = 2
    const ids = await loaded(1, (kind, value) => {
      asked.push(`${kind}:${value}`)
      return refuse-- <= 0
    })
    const id = ids.id('session')
    expect(asked).toHaveLength(3)
    expect(asked.every((entry) => entry.startsWith('id:ses_'))).toBe(true)
    expect(asked.at(-1)).toBe(`id:${id}`)
  })

  it('refuses to draw before faker is loaded, instead of inventing an identifier', () => {
    const ids = new IdSource(1, free)
    expect(() => ids.id('form')).toThrow(/await load\(\)/)
    expect(ids.draws).toBe(0)
  })

  it('gives the same identifiers whether its position was set before or after faker loaded', async () => {
    const early = new IdSource(3, free)
    early.restore(3, 40)
    await early.load()
    const late = await loaded(3, free)
    late.restore(3, 40)
    expect(early.draws).toBe(40)
    const take = (ids: IdSource) => [ids.id('form'), ids.joinCode(), ids.slug('Same')]
    expect(take(early)).toEqual(take(late))
    // And both equal a source that drew those 40 numbers itself.
    const drawn = await loaded(3, free)
    for (let i = 0; i < 7; i++) drawn.joinCode()
    expect(drawn.draws).toBeGreaterThan(0)
    const again = new IdSource(3, free)
    again.restore(3, drawn.draws)
    await again.load()
    expect(take(drawn)).toEqual(take(again))
  })

  it('lands on the same identifiers whether restore moves it on, back, or to another seed', async () => {
    const take = (ids: IdSource) => [ids.id('form'), ids.joinCode(), ids.slug('Same')]
    const at = async (seed: number, draws: number) => {
      const ids = await loaded(seed, free)
      ids.restore(seed, draws)
      return take(ids)
    }
    const moving = await loaded(3, free)
    moving.restore(3, 40)
    moving.restore(3, 90) // ahead on the same seed: only the 50 numbers between are drawn
    expect(moving.draws).toBe(90)
    expect(take(moving)).toEqual(await at(3, 90))
    moving.restore(3, 10) // behind: drawn again from the seed
    expect(take(moving)).toEqual(await at(3, 10))
    moving.restore(5, 90)
    expect(take(moving)).toEqual(await at(5, 90))
  })

  it('keeps a reseed made while faker was loading', async () => {
    const ids = new IdSource(1, free)
    const loading = ids.load()
    ids.restore(7, 0)
    await loading
    const fresh = await loaded(7, free)
    expect(ids.id('form')).toBe(fresh.id('form'))
  })
})
