import fc from 'fast-check'
import {
  contract,
  ID_PREFIX,
  type IdKind,
  type OperationId,
  pathParamNames,
  type RouteDef,
} from '../../contract/index.ts'
import { bodySamples, sampleSchemas } from '../../contract/samples.ts'
import { mutate } from './mutate.ts'
import { deepJson, emptyBody, malformedJson, nastyValue, oversizeBody } from './nasty.ts'
import { replayable, type SentRequest } from './oracle.ts'
import type { OrgWorld, World } from './world.ts'

/** The contract's generator of profile-valid bodies for a route, found by its schema. */
export const validBodyOf = (route: RouteDef): fc.Arbitrary<unknown> | undefined => {
  if (!route.body) return undefined
  const name = (Object.keys(bodySamples) as (keyof typeof bodySamples)[]).find(
    (n) => sampleSchemas[n] === route.body?.profile,
  )
  if (!name) throw new Error(`No body sample for the schema of ${route.method} ${route.path}`)
  return bodySamples[name] as fc.Arbitrary<unknown>
}

const kindOfParam = (route: RouteDef, name: string): 'form' | 'field' | 'session' =>
  name === 'fieldId' ? 'field' : route.path.startsWith('/forms') ? 'form' : 'session'

const wellFormed = (kind: IdKind) =>
  fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      minLength: 12,
      maxLength: 12,
    })
    .map((body) => `${ID_PREFIX[kind]}_${body}`)

/** Encoded by the caller, as a client that builds paths properly does. */
const oddIds = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'reorder',
    'ñ😀',
    ' ',
    'frm_AAAAAAAAAAAA',
    'x'.repeat(3000),
    'frm_a1b2c3d4e5f6/../..',
    'a/b',
  ),
  fc.string({ maxLength: 20 }),
)
/** Sent as is: encoded slashes and dots, broken escapes, raw slashes, empty segments. */
const rawTricks = fc.constantFrom(
  '%2e%2e',
  '%2E',
  'a%2Fb',
  '%2F',
  '%',
  '%ZZ',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fsessions',
  '%252F',
  'a/b',
  '',
  '..',
)

const idSegment = (world: World, caller: OrgWorld, route: RouteDef, name: string) => {
  const kind = kindOfParam(route, name)
  const other = caller === world.acme ? world.globex : world.acme
  const otherKind = kind === 'session' ? 'form' : 'session'
  const encoded = (arb: fc.Arbitrary<string>) => arb.map(encodeURIComponent)
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...world.idsOf(caller)[kind]) },
    { weight: 3, arbitrary: fc.constantFrom(...world.idsOf(other)[kind]) },
    { weight: 2, arbitrary: wellFormed(kind) },
    { weight: 1, arbitrary: fc.constantFrom(...world.idsOf(caller)[otherKind]) },
    { weight: 2, arbitrary: encoded(oddIds) },
    { weight: 1, arbitrary: rawTricks },
  )
}

const authFor = (key: string) =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant<string | undefined>(`Bearer ${key}`) },
    {
      weight: 4,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        '',
        'Bearer',
        'Bearer ',
        `bearer ${key}`,
        `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
        `Bearer ${key} extra`,
        `Bearer ${key.toUpperCase()}`,
        'Bearer unknown-demo-key',
        `Token ${key}`,
        key,
        'Bearer __proto__',
        'Bearer constructor',
      ),
    },
  )

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'json',
      '',
    ),
  },
)

const bodyFor = (route: RouteDef) => {
  const valid = validBodyOf(route)
  if (!valid) {
    // Operations without a body: usually none, sometimes junk a frontend sends anyway.
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
      { weight: 1, arbitrary: nastyValue.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: emptyBody },
    )
  }
  const validText = valid.map((v) => JSON.stringify(v))
  return fc.oneof(
    { weight: 8, arbitrary: valid.chain(mutate).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: validText },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: malformedJson(validText) },
    { weight: 1, arbitrary: emptyBody },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: oversizeBody },
  )
}

const OTHER_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']

/** Requests aimed at one operation, most of them wrong in one or more ways. */
export const requestsFor = (world: World, operation: OperationId): fc.Arbitrary<SentRequest> => {
  const route = contract[operation] as RouteDef
  const names = pathParamNames(route.path)
  const methods = OTHER_METHODS.filter((m) => m !== route.method)
  return fc
    .constantFrom(world.acme, world.globex)
    .chain((caller) =>
      fc.record({
        method: fc.oneof(
          { weight: 15, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...methods) },
        ),
        segments: fc.tuple(...names.map((n) => idSegment(world, caller, route, n))),
        auth: authFor(caller.key),
        type: contentType,
        body: bodyFor(route),
      }),
    )
    .map(({ method, segments, auth, type, body }) => {
      let i = 0
      const path = route.path.replace(/\{\w+\}/g, () => segments[i++] ?? '')
      const headers: Record<string, string> = {}
      if (auth !== undefined) headers.authorization = auth
      if (type !== undefined && body !== undefined) headers['content-type'] = type
      return withReplay({ method, path, headers, ...(body === undefined ? {} : { body }) })
    })
}

/** fast-check prints a counterexample with this: a request anyone can send again. */
export const withReplay = (request: SentRequest): SentRequest =>
  Object.assign(request, {
    [fc.toStringMethod]: () =>
      `\n  in-process: (await buildWorld()).mock.handle(${JSON.stringify(request).slice(0, 3000)})\n  over HTTP:  ${replayable(request)}\n`,
  })
