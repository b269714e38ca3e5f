import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { contract, type OperationId, operationIds, type RouteDef } from '../../contract/index.ts'
import type { MockState } from '../../mock/core/state.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { validBodyOf, withReplay } from './requests.ts'
import { bearer, buildWorld, json, type OrgWorld, snapshot, type World } from './world.ts'

let world: World
beforeAll(async () => {
  world = await buildWorld()
})

const idOperations = operationIds.filter((id) => contract[id].path.includes('{'))

/** Everything of `org` that another organization must never see, minus what both share. */
const secretsOf = (state: MockState, org: OrgWorld, other: OrgWorld) => {
  const orgIdOf = (key: string) => state.organizations.find((o) => o.apiKey === key)?.id
  const mine = (orgId: string | undefined) => {
    const values = new Set<string>()
    const add = (...list: (string | null)[]) => {
      for (const v of list) if (v) values.add(v)
    }
    for (const f of state.forms.filter((r) => r.orgId === orgId)) {
      add(f.id, f.title, f.description, f.joinCode, f.slug, ...f.fields.map((x) => x.id))
    }
    for (const s of state.sessions.filter((r) => r.orgId === orgId)) {
      add(s.id, s.title, s.joinCode, ...s.activities.map((a) => a.id))
      add(...s.teams.flatMap((t) => [t.id, t.name]))
    }
    for (const s of state.series.filter((r) => r.orgId === orgId)) {
      add(s.id, s.title, s.joinCode, ...s.rounds.flatMap((r) => [r.id, r.joinCode]))
    }
    for (const r of state.reports.filter((x) => x.orgId === orgId)) add(r.id, r.title, r.slug)
    return values
  }
  const shared = mine(orgIdOf(other.key))
  return [...mine(orgIdOf(org.key))].filter((v) => !shared.has(v))
}

const idParam = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 12,
  maxLength: 12,
})

/** The same request twice: once with another organization's ids, once with ids that never existed. */
const pairs = fc.constantFrom(...idOperations).chain((operation) => {
  const route = contract[operation] as RouteDef
  return fc.record({
    operation: fc.constant(operation),
    callerIsAcme: fc.boolean(),
    /** For nested ids: the caller's own parent, and only the child foreign. */
    ownParent: fc.boolean(),
    pick: fc.nat(),
    fresh: idParam,
    body: validBodyOf(route) ?? fc.constant(undefined),
  })
})

const prefixOf = (id: string) => id.slice(0, id.indexOf('_') + 1)

describe("another organization's ids", () => {
  it(
    'get exactly the answer of ids that never existed, change nothing and echo nothing of theirs',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          pairs,
          async ({ operation, callerIsAcme, ownParent, pick, fresh, body }) => {
            const caller = callerIsAcme ? world.acme : world.globex
            const other = callerIsAcme ? world.globex : world.acme
            const route = contract[operation as OperationId] as RouteDef
            const byKind = route.path.startsWith('/forms') ? 'form' : 'session'
            const nested = route.path.includes('{fieldId}') || operation === 'presentActivity'
            const childKind = operation === 'presentActivity' ? 'activity' : 'field'
            const choose = (list: string[]) => list[pick % list.length] as string
            const foreignParent = choose(world.idsOf(other)[byKind])
            const foreignChild = choose(world.idsOf(other)[childKind])
            const unknownParent = prefixOf(foreignParent) + fresh
            const unknownChild = prefixOf(foreignChild) + fresh
            const ownParentId =
              operation === 'presentActivity' ? caller.sessions.open : caller.forms.draft
            const [theirIds, neverIds] = !nested
              ? [[foreignParent], [unknownParent]]
              : ownParent
                ? [
                    [ownParentId, foreignChild],
                    [ownParentId, unknownChild],
                  ]
                : [
                    [foreignParent, foreignChild],
                    [unknownParent, unknownChild],
                  ]
            const build = ([parentId, childId]: string[]) => {
              const sent = operation === 'presentActivity' ? { activityId: childId } : body
              return withReplay({
                method: route.method,
                path: route.path
                  .replace('{id}', parentId as string)
                  .replace('{fieldId}', childId ?? ''),
                headers: { ...bearer(caller.key), ...json },
                ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
              })
            }
            const before = snapshot(world.mock)
            const theirs = build(theirIds)
            const a = await world.mock.handle(theirs)
            const b = await world.mock.handle(build(neverIds))
            expect(snapshot(world.mock)).toBe(before)
            const normalise = (text: string, ids: string[]) =>
              ids.reduce((t, id) => t.replaceAll(id, '<id>'), text)
            expect(a.status).toBe(b.status)
            expect(normalise(a.text, theirIds)).toBe(normalise(b.text, neverIds))
            const leaked = secretsOf(world.mock.exportState(), other, caller).filter(
              (secret) =>
                a.text.includes(secret) &&
                !(theirs.body ?? '').includes(secret) &&
                !theirs.path.includes(secret),
            )
            expect(leaked).toEqual([])
          },
        ),
        fuzzParameters(400),
      )
    },
    fuzzTimeout(400, 2),
  )
})
