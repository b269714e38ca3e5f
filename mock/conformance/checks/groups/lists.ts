import { newestFirstViolations } from '../../../../contract/order.ts'
import { defineCheck } from '../../engine/check.ts'
import {
  CREATE_OF,
  createFor,
  LIST_OPS,
  LISTS,
  type ListOp,
  readList,
  tryCreateFor,
} from '../helpers/lists.ts'
import { tick } from '../helpers/make.ts'

const newestFirst = (op: ListOp) =>
  defineCheck({
    name: `§1 ${LISTS[op].path}: newest first`,
    operations: [op, CREATE_OF[op]],
    run: async (ctx) => {
      const older = await createFor(ctx, op, `Older ${LISTS[op].noun}`)
      await tick()
      const newer = await createFor(ctx, op, `Newer ${LISTS[op].noun}`)
      const { items, exchange } = await readList(ctx, op)
      // The whole list, whoever created its items meanwhile, must not go up in time.
      const violations = newestFirstViolations(items)
      ctx.assert(
        violations.length === 0,
        `Not newest first: ${violations.slice(0, 3).join('; ')}.`,
        exchange,
      )
      const [iOlder, iNewer] = [
        items.findIndex((i) => i.id === older.id),
        items.findIndex((i) => i.id === newer.id),
      ]
      ctx.assert(
        iOlder >= 0 && iNewer >= 0,
        `The records ${older.id} and ${newer.id} just created are not both listed.`,
        exchange,
      )
      const sameInstant = Date.parse(older.createdAt) === Date.parse(newer.createdAt)
      // Equal timestamps leave the order open in the reference; the profile breaks ties newest first too.
      if (!sameInstant || ctx.strict) {
        ctx.assert(
          iNewer < iOlder,
          `${newer.id} was created after ${older.id} but is listed after it (positions ${iNewer} and ${iOlder}).`,
          exchange,
        )
      }
    },
  })

const ownOnly = (op: ListOp) =>
  defineCheck({
    name: `§1 ${LISTS[op].path}: only the caller's organization's records`,
    operations: [op, CREATE_OF[op]],
    needs: ['otherOrg'],
    run: async (ctx) => {
      const mine = await createFor(ctx, op, `Own ${LISTS[op].noun}`)
      const theirs = await tryCreateFor(
        ctx,
        op,
        `Other organization's ${LISTS[op].noun}`,
        'otherOrg',
      )
      const own = await readList(ctx, op)
      const ownIds = own.items.map((i) => i.id)
      ctx.assert(
        ownIds.includes(mine.id),
        `The caller's new ${LISTS[op].noun} ${mine.id} is not listed.`,
        own.exchange,
      )
      if (theirs) {
        ctx.assert(
          !ownIds.includes(theirs.id),
          `Another organization's ${LISTS[op].noun} ${theirs.id} is listed.`,
          own.exchange,
        )
      }
      const other = await readList(ctx, op, 'otherOrg')
      const otherIds = other.items.map((i) => i.id)
      ctx.assert(
        !otherIds.includes(mine.id),
        `The other organization's list holds ${mine.id}, created by the caller.`,
        other.exchange,
      )
      if (theirs) {
        ctx.assert(
          otherIds.includes(theirs.id),
          `The other organization's own ${theirs.id} is missing from its list.`,
          other.exchange,
        )
      }
    },
  })

export const listChecks = [...LIST_OPS.map(newestFirst), ...LIST_OPS.map(ownOnly)]
