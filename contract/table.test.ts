import { describe, expect, it } from 'vitest'
import {
  BODY_CONDITIONS,
  conditionsOf,
  contract,
  documentedOperationIds,
  type ErrorCondition,
  type OperationId,
  operationIds,
  pathParamNames,
  type RouteDef,
} from './index.ts'

const routes = Object.entries(contract) as [OperationId, RouteDef][]
const endpoint = (route: RouteDef) => `${route.method} ${route.path}`
const endpointsWhere = (keep: (route: RouteDef, id: OperationId) => boolean) =>
  routes
    .filter(([id, route]) => keep(route, id))
    .map(([, route]) => endpoint(route))
    .sort()
const sorted = (list: readonly string[]) => [...list].sort()

/** §4 of the reference: the twenty operations it gives a method and path for. */
const REFERENCE_OPERATIONS = [
  'POST /series',
  'GET /series',
  'POST /forms',
  'GET /forms',
  'GET /forms/{id}',
  'PATCH /forms/{id}',
  'PATCH /forms/{id}/settings',
  'POST /forms/{id}/publish',
  'POST /forms/{id}/close',
  'POST /forms/{id}/fields',
  'PATCH /forms/{id}/fields/{fieldId}',
  'POST /forms/{id}/fields/reorder',
  'POST /sessions',
  'GET /sessions',
  'POST /sessions/{id}/activities',
  'POST /sessions/{id}/open',
  'POST /sessions/{id}/end',
  'POST /sessions/{id}/teams',
  'POST /sponsors',
  'GET /sponsors',
]
/** §4 "Other operations": named by the release notes only. */
const INFERRED = [
  'deleteForm',
  'removeField',
  'setTeamMode',
  'presentActivity',
  'listFormResponses',
]
/** §7: the operations that answer with the validation error shape. */
const VALIDATION_SHAPE = [
  'PATCH /forms/{id}',
  'PATCH /forms/{id}/settings',
  'POST /sessions/{id}/activities',
  'PATCH /forms/{id}/fields/{fieldId}',
  'POST /forms/{id}/fields/reorder',
]
/** Profile: 201 for every create. */
const CREATES = [
  'POST /forms',
  'POST /sessions',
  'POST /series',
  'POST /sponsors',
  'POST /forms/{id}/fields',
  'POST /sessions/{id}/activities',
  'POST /sessions/{id}/teams',
]

describe('the endpoint table', () => {
  it('holds exactly the 20 operations of §4 as non-inferred', () => {
    expect(REFERENCE_OPERATIONS).toHaveLength(20)
    expect(endpointsWhere((route) => !route.inferred)).toEqual(sorted(REFERENCE_OPERATIONS))
    expect(documentedOperationIds.map((id) => endpoint(contract[id])).sort()).toEqual(
      sorted(REFERENCE_OPERATIONS),
    )
  })

  it('adds the 5 operations of the release notes, marked inferred', () => {
    expect(sorted(routes.filter(([, route]) => route.inferred).map(([id]) => id))).toEqual(
      sorted(INFERRED),
    )
    expect(operationIds).toHaveLength(25)
  })

  it('uses the validation error shape on exactly the five operations of §7', () => {
    expect(endpointsWhere((route) => route.errorShape === 'validation')).toEqual(
      sorted(VALIDATION_SHAPE),
    )
    expect(
      sorted(routes.filter(([, r]) => r.errorShape === 'validation').map(([id]) => id)),
    ).toEqual(
      sorted([
        'updateForm',
        'replaceFormSettings',
        'addActivity',
        'replaceFieldConfig',
        'reorderFields',
      ]),
    )
  })

  it('ties only createSeries and createSponsorReport to an entitlement (§5)', () => {
    const entitled = routes.filter(([, route]) => route.entitlement)
    expect(Object.fromEntries(entitled.map(([id, route]) => [id, route.entitlement]))).toEqual({
      createSeries: 'series',
      createSponsorReport: 'data_export_analytics',
    })
  })

  it('answers 201 to every create and 200 to everything else', () => {
    expect(endpointsWhere((route) => route.success.status === 201)).toEqual(sorted(CREATES))
    expect(
      endpointsWhere((route) => route.success.status !== 201 && route.success.status !== 200),
    ).toEqual([])
  })

  it('never gives two operations the same method and path', () => {
    const all = routes.map(([, route]) => endpoint(route))
    expect(new Set(all).size).toBe(all.length)
  })

  it.each(routes)('%s has a well-formed path whose parameters are identifiers', (_, route) => {
    expect(route.path).toMatch(/^(\/([a-z0-9-]+|\{[A-Za-z_][A-Za-z0-9_]*\}))+$/)
    for (const name of pathParamNames(route.path)) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/)
    expect(new Set(pathParamNames(route.path)).size).toBe(pathParamNames(route.path).length)
  })

  it('takes no body on reads, deletes and the publish, close, open and end transitions', () => {
    const bodiless = endpointsWhere((route) => !route.body)
    expect(bodiless).toEqual(
      expect.arrayContaining([
        'POST /forms/{id}/publish',
        'POST /forms/{id}/close',
        'POST /sessions/{id}/open',
        'POST /sessions/{id}/end',
      ]),
    )
    for (const [, route] of routes) {
      if (route.method === 'GET' || route.method === 'DELETE') expect(route.body).toBeUndefined()
    }
  })

  it('marks as lists exactly the GET operations on a collection', () => {
    expect(sorted(routes.filter(([, route]) => route.list).map(([id]) => id))).toEqual(
      sorted([
        'listForms',
        'listSessions',
        'listSeries',
        'listSponsorReports',
        'listFormResponses',
      ]),
    )
  })

  it('places each known error condition of §7 on the operations it names', () => {
    const meets = (condition: ErrorCondition) =>
      sorted(
        routes.filter(([, route]) => conditionsOf(route).includes(condition)).map(([id]) => id),
      )
    expect(meets('publish_without_field')).toEqual(sorted(['createForm', 'publishForm']))
    expect(meets('invalid_field_config')).toEqual(
      sorted(['createForm', 'addField', 'replaceFieldConfig']),
    )
    expect(meets('incomplete_reorder')).toEqual(['reorderFields'])
    expect(meets('team_not_allowed')).toEqual(['addTeam'])
    expect(meets('missing_entitlement')).toEqual(sorted(['createSeries', 'createSponsorReport']))
  })
})

describe('conditionsOf', () => {
  it.each(routes)('%s: body conditions exactly when the operation takes a body', (_, route) => {
    const conditions = conditionsOf(route)
    for (const condition of BODY_CONDITIONS) {
      expect(conditions.includes(condition), condition).toBe(Boolean(route.body))
    }
  })

  it.each(routes)('%s: its own conditions, unauthorized and internal, once each', (_, route) => {
    const conditions = conditionsOf(route)
    expect(conditions).toEqual(
      expect.arrayContaining([...route.errors, 'unauthorized', 'internal']),
    )
    expect(new Set(conditions).size).toBe(conditions.length)
    expect(conditions.includes('missing_entitlement')).toBe(Boolean(route.entitlement))
  })
})
