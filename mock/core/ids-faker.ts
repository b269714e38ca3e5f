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
 * faker's seeded generator, counting the numbers drawn since the last seed: a mock started from a
 * precomputed state advances a fresh one by the same count, and then hands out exactly the
 * identifiers it would have after replaying the plan. The numbers are a fresh instance's
 * `number.float()`, faker's public draw of a number in [0, 1), which is its generator's next
 * number as it is (faker keeps the generator itself on a property its types do not declare).
 * Closures, not methods: faker calls `next` unbound.
 */
const countingRandomizer = () => {
  const source = new BaseFaker({ locale: baseFaker.rawDefinitions })
  let draws = 0
  return {
    next: () => {
      draws++
      return source.number.float()
    },
    seed: (seed: number | number[]) => {
      draws = 0
      source.seed(seed)
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
