import type { CheckContext } from '../../engine/context.ts'
import type { KeyRole } from '../../engine/env.ts'
import type { Exchange } from '../../engine/failure.ts'
import { makeForm, makeReport, makeSeries, makeSession, remember } from './make.ts'

/** The four list operations of §4, each with the create operation that adds to it. */
export const LISTS = {
  listForms: { path: 'GET /forms', noun: 'form' },
  listSessions: { path: 'GET /sessions', noun: 'session' },
  listSeries: { path: 'GET /series', noun: 'series' },
  listSponsorReports: { path: 'GET /sponsors', noun: 'report' },
} as const
export type ListOp = keyof typeof LISTS
export const LIST_OPS = Object.keys(LISTS) as ListOp[]

export interface Item {
  id: string
  createdAt: string
  title: string
}

export const CREATE_OF = {
  listForms: 'createForm',
  listSessions: 'createSession',
  listSeries: 'createSeries',
  listSponsorReports: 'createSponsorReport',
} as const

/** Reads one list with one key, validated like any success. */
export const readList = async (
  ctx: CheckContext,
  op: ListOp,
  role: KeyRole = 'main',
): Promise<{ items: Item[]; exchange: Exchange }> => {
  const client = ctx.as(role)
  switch (op) {
    case 'listForms': {
      const exchange = await client.listForms()
      return { items: ctx.success(op, exchange).forms, exchange }
    }
    case 'listSessions': {
      const exchange = await client.listSessions()
      return { items: ctx.success(op, exchange).sessions, exchange }
    }
    case 'listSeries': {
      const exchange = await client.listSeries()
      return { items: ctx.success(op, exchange).series, exchange }
    }
    case 'listSponsorReports': {
      const exchange = await client.listSponsorReports()
      return { items: ctx.success(op, exchange).reports, exchange }
    }
  }
}

/** Creates one record that `op` lists, failing the check if it cannot. */
export const createFor = async (
  ctx: CheckContext,
  op: ListOp,
  label: string,
  role: KeyRole = 'main',
): Promise<Item> => {
  switch (op) {
    case 'listForms':
      return (await makeForm(ctx, { label, role })).form
    case 'listSessions':
      return (await makeSession(ctx, { label, role })).session
    case 'listSeries':
      return (await makeSeries(ctx, { title: label }, role)).series
    case 'listSponsorReports':
      return (await makeReport(ctx, { title: label }, role)).report
  }
}

/**
 * Creates one record if the key may: the other organization may lack the entitlement that
 * series and sponsor reports need (§5). `undefined` when it was refused.
 */
export const tryCreateFor = async (
  ctx: CheckContext,
  op: ListOp,
  label: string,
  role: KeyRole,
): Promise<Item | undefined> => {
  if (op === 'listForms' || op === 'listSessions') return createFor(ctx, op, label, role)
  const client = ctx.as(role)
  const title = ctx.title(label)
  const exchange =
    op === 'listSeries'
      ? await client.createSeries({ body: { title } })
      : await client.createSponsorReport({ body: { title, brandLabel: 'Contract suite' } })
  remember(
    ctx,
    op === 'listSeries' ? 'series' : 'report',
    op === 'listSeries' ? 'series' : 'report',
    exchange,
    role,
  )
  if (exchange.status >= 400 && exchange.status < 500) return undefined
  return op === 'listSeries'
    ? ctx.success('createSeries', exchange).series
    : ctx.success('createSponsorReport', exchange).report
}
