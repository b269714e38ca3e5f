import type { Faker, LocaleDefinition, Randomizer } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'

/**
 * Identifiers need no locale data, only faker's string helpers: the base locale keeps the English
 * one (the demo plan's) out of hosts that start from the precomputed demo state.
 */
const BaseFaker = baseFaker.constructor as new (options: {
  locale: LocaleDefinition
  randomizer?: Randomizer
}) => Faker

/**
 * faker's default generator (a fresh instance's; faker keeps it on `fakerCore`, which its types do
 * not declare), counting the numbers drawn since the last seed: a mock started from a precomputed
 * state advances a fresh one by the same count, and then hands out exactly the identifiers it
 * would have after replaying the plan. Closures, not methods: faker calls `next` unbound.
 */
const countingRandomizer = () => {
  const fresh = new BaseFaker({ locale: baseFaker.rawDefinitions }) as Faker & {
    fakerCore?: { randomizer?: Randomizer }
  }
  const inner = fresh.fakerCore?.randomizer
  if (!inner) throw new Error('This @faker-js/faker version keeps no fakerCore.randomizer')
  let draws = 0
  return {
    next: () => {
      draws++
      return inner.next()
    },
    seed: (seed: number | number[]) => {
      draws = 0
      inner.seed(seed)
    },
    draws: () => draws,
  }
}

/**
 * The seeded faker behind `IdSource`, in a module of its own: `IdSource` imports it on first use,
 * so a host that only reads (the browser mock before its first answer) never loads faker.
 */
export const createIdFaker = () => {
  const randomizer = countingRandomizer()
  const faker = new BaseFaker({ locale: baseFaker.rawDefinitions, randomizer })
  return { randomizer, faker }
}
export type IdFaker = ReturnType<typeof createIdFaker>
