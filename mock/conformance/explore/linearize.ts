/**
 * Concurrent steps judged by linearizability (Herlihy & Wing; the search as Wing–Gong and
 * Porcupine do it): operations sent at once are accepted when some order of them, run one after
 * another through the model from the state before the step, gives every answer (the parts the
 * reference decides; what it leaves open is the deployment's choice, followed as for one request)
 * and the reads sent after them. The model's whole state is saved at each point of the search
 * where another candidate is left and put back for it, and an order is dropped at its first answer
 * that disagrees, so no prefix is run twice: four operations cost at most 24 orders. The order that
 * explains the step is not run again: the run takes its answers and the model as it left it.
 */
import { type OperationId, routeOf } from '../../../contract/table.ts'
import { Divergence, differences, settle } from './compare.ts'
import { acceptanceDecided, refusalDecided, touch } from './decide.ts'
import { type Exchange, type KeyRole, label, type Run } from './engine.ts'
import { follow } from './follow.ts'
import { Notes } from './notes.ts'
import type { OracleState } from './oracle.ts'
import {
  answerModel,
  askModel,
  type ModelAnswer,
  type Request,
  type Side,
  type Sides,
  sendReal,
} from './step.ts'
import type { Step, World } from './world.ts'

/** One operation of a concurrent step, as a command plans it. */
export interface Planned {
  op: OperationId
  role: KeyRole
  intent: string
  build: (side: Side) => Request
  /** Both sides accepted it in the order that explains the step: what the run learns (new ids). */
  learn?: (world: World, step: Step) => void
  /** A read of what the step did not address (counted in the report). */
  beyond?: boolean
}

/**
 * A refusal a deployment may give a request because another is in flight on the same record
 * (a lock, a rate limit, a busy replica): "refused, no effect", never a verdict. The reads after
 * the step show whether it changed anything.
 */
export const REFUSED_IN_FLIGHT: readonly number[] = [409, 429, 503]

const ok = (status: number) => status >= 200 && status <= 299

interface Sent {
  planned: Planned
  real: Exchange
  /** Its number in the order the requests went out (1-based), for the report. */
  n: number
}

/** What a concurrent step did, for the report's counts. */
export interface Together {
  /** The operations sent at once (their labels, in the order they went out). */
  ops: string[]
  /** Orders of them the model ran before one explained the answers (or all failed). */
  orders: number
  explained: boolean
}

/** A read sent at once with writes leaves this long after them (see `lag`). */
const READ_LAG_MS = 1
const isRead = (p: Planned) => routeOf(p.op).method === 'GET'
/**
 * A read without a body is handled the moment it arrives, a write only once its body is read, so
 * a read sent at the same instant is served before the writes begin, seldom while one is in
 * flight; leaving a moment after them, it lands inside any write that takes longer than that.
 */
const lag = () => new Promise((resolve) => setTimeout(resolve, READ_LAG_MS))

const name = (sent: Sent) => `#${sent.n} ${label(sent.planned.op)}`
const orderText = (order: readonly Sent[]) => `[${order.map(name).join(' → ')}]`
const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1))

/**
 * Sends `ops` to the deployment at once, then `reads` one after another, and accepts the answers
 * when an order of `ops` explains them; the run's world and the model are then left as that order
 * leaves them (its steps recorded as sent together). Throws the divergence when none does.
 */
export const sendTogether = async (
  world: World,
  sides: Sides,
  ops: readonly Planned[],
  reads: readonly Planned[],
): Promise<Together | undefined> => {
  const together = world.steps.length + 1
  const writes = ops.some((p) => !isRead(p))
  const answers = await Promise.all(
    ops.map(async (p) => {
      if (writes && isRead(p)) await lag()
      return sendReal(world, sides, p.op, p.role, p.build)
    }),
  )
  const sent: Sent[] = []
  answers.forEach((real, i) => {
    const planned = ops[i]
    if (real && planned) sent.push({ planned, real, n: sent.length + 1 })
  })
  if (sent.length === 0) return undefined
  const readsSent: Sent[] = []
  for (const planned of reads) {
    const real = await sendReal(world, sides, planned.op, planned.role, planned.build)
    if (!real) continue
    readsSent.push({ planned, real, n: sent.length + readsSent.length + 1 })
    if (planned.beyond) world.reach.beyond()
  }
  // Refused because another request was in flight: explained as "no effect" in any order.
  const refused = sent.filter((s) => REFUSED_IN_FLIGHT.includes(s.real.status))
  const acting = sent.filter((s) => !refused.includes(s))
  const start = await sides.oracle.save()
  const search = new Search(world, sides, readsSent)
  const order = await search.find([], acting, world, start)
  const result: Together = {
    ops: sent.map((s) => label(s.planned.op)),
    orders: search.orders,
    explained: order !== undefined,
  }
  if (sent.length > 1) world.reach.together(result.ops, refused.length, readsSent.length)
  // The model as the order that explains the step left it, and its answers, unless a choice of the
  // deployment was followed in it (follow.ts changes the run's world too): then it runs again.
  const ran = order && search.ranAsIs([...order, ...readsSent])
  if (!ran) await sides.oracle.load(start)
  if (!order) {
    const steps = [
      ...sent.map((s) => search.stepOf(s, together, refused.includes(s))),
      ...readsSent.map((s) => search.stepOf(s)),
    ]
    world.steps.push(...steps)
    // The step the report shows both answers of: the first the model answered.
    const first = steps.find((s) => s.model.status !== 0) ?? (steps[0] as Step)
    throw new Divergence(first, [
      `${sent.length} requests sent at once: ${sent.map((s) => `${name(s)} (${s.planned.intent}) answered ${s.real.status}`).join(', ')}${readsSent.length > 0 ? `; read after them: ${readsSent.map((s) => `${name(s)} answered ${s.real.status}`).join(', ')}` : ''}`,
      `no order of them explains every answer and the reads after (${search.orders} of ${factorial(acting.length)} orders tried, each dropped at its first answer that disagrees): ${search.tried.join(' | ')}`,
    ])
  }
  // The order that explains them, for real: the run's world learns what it pairs and follows.
  const replay = (s: Sent, at?: number) =>
    answerModel(
      world,
      sides,
      s.planned.op,
      s.planned.role,
      s.planned.intent,
      s.planned.build,
      s.real,
      at,
      ran?.get(s),
    )
  for (const s of order) {
    const step = await replay(s, together)
    if (step && ok(step.model.status) && ok(step.real.status)) s.planned.learn?.(world, step)
  }
  for (const s of refused) world.steps.push(search.stepOf(s, together, true))
  for (const s of readsSent) await replay(s)
  return result
}

/** The depth-first search over orders, with what it tried for the divergence's message. */
class Search {
  orders = 0
  readonly tried: string[] = []
  /**
   * The model's last answer to each request (for the report of a divergence), and whether the
   * deployment's choice was followed there. Once an order explains the step, each of its requests
   * last ran in that order: the search stops there.
   */
  readonly #model = new Map<Sent, ModelAnswer & { followed: boolean }>()
  /** Sides for trying an order: its notes and created records are thrown away with it. */
  readonly #sides: Sides

  constructor(
    readonly world: World,
    readonly sides: Sides,
    readonly reads: readonly Sent[],
  ) {
    const run = Object.create(sides.run, { created: { value: [] } }) as Run
    this.#sides = { ...sides, notes: new Notes(), run }
  }

  /** An order of `rest` after `prefix` (run already, leaving the model at `state`), or none. */
  async find(
    prefix: readonly Sent[],
    rest: readonly Sent[],
    fork: World,
    state: OracleState,
  ): Promise<Sent[] | undefined> {
    if (rest.length === 0) {
      this.orders += 1
      const why = await this.#reads(fork)
      if (why === undefined) return [...prefix]
      this.tried.push(`${orderText(prefix)}: ${why}`)
      return undefined
    }
    for (const next of rest) {
      if (next !== rest[0]) await this.sides.oracle.load(state)
      const branch = fork.fork()
      const why = await this.#one(branch, next)
      const order = [...prefix, next]
      const left = rest.filter((s) => s !== next)
      if (why !== undefined) {
        // Every order that starts so is dropped here.
        this.orders += factorial(left.length)
        this.tried.push(`${orderText(order)}${left.length > 0 ? ' …' : ''}: ${why}`)
        continue
      }
      // Saved only where another branch will be tried from it: with one request left, none is.
      const found = await this.find(
        order,
        left,
        branch,
        left.length > 1 ? await this.sides.oracle.save() : state,
      )
      if (found) return found
    }
    return undefined
  }

  /** Runs one request through the model; why its answer disagrees with the deployment's, if it does. */
  async #one(fork: World, sent: Sent): Promise<string | undefined> {
    const { planned, real } = sent
    const request = planned.build('model')
    const rec = fork.recordOf('model', request.params?.id)
    const asked = await askModel(this.sides.oracle, planned.op, planned.role, rec, request)
    if (!asked) return 'no key for it'
    const { model, condition, before } = asked
    const answer = { ...asked, followed: false }
    this.#model.set(sent, answer)
    const step: Step = {
      op: planned.op,
      role: planned.role,
      intent: planned.intent,
      model,
      real,
      captures: [],
    }
    const answered = real.status !== 0 && real.status < 500
    if (!fork.strict && answered && ok(model.status) !== ok(real.status)) {
      const decided = ok(model.status)
        ? acceptanceDecided(planned.op, before, request.body)
        : refusalDecided(condition)
      if (decided) {
        return `${name(sent)}: the model ${ok(model.status) ? 'accepted' : `refused (${condition ?? model.status})`}, the deployment answered ${real.status}`
      }
      // The deployment's choice where the reference is silent: followed as for one request.
      answer.followed = true
      const followed = await follow(fork, this.#sides, step, rec, before, condition)
      const found = followed ? differences(followed, fork) : []
      return found.length > 0 ? `${name(sent)}: ${found.join('; ')}` : undefined
    }
    if (ok(model.status) && ok(real.status)) {
      touch(rec, planned.op, label(planned.op))
      settle(rec, step)
    }
    const found = differences(step, fork)
    return found.length > 0 ? `${name(sent)}: ${found.join('; ')}` : undefined
  }

  /** The reads after the step against the model as the order left it. */
  async #reads(fork: World): Promise<string | undefined> {
    for (const read of this.reads) {
      const why = await this.#one(fork, read)
      if (why !== undefined) return `then ${why}`
    }
    return undefined
  }

  /**
   * The model's answers to `order` (the one that explains the step, then the reads), to be taken
   * as they are; none when a choice of the deployment was followed in it.
   */
  ranAsIs(order: readonly Sent[]): Map<Sent, ModelAnswer> | undefined {
    const answers = new Map<Sent, ModelAnswer>()
    for (const sent of order) {
      const answer = this.#model.get(sent)
      if (!answer || answer.followed) return undefined
      answers.set(sent, answer)
    }
    return answers
  }

  /** A request of the step as the report lists it: the model's last answer where it ran. */
  stepOf(sent: Sent, together?: number, refused = false): Step {
    const model = this.#model.get(sent)?.model
    const { planned, real } = sent
    return {
      op: planned.op,
      role: planned.role,
      intent: refused
        ? `${planned.intent} (refused while the others were in flight: no effect)`
        : planned.intent,
      // Refused in flight, the model was not asked; never reached, the model has no answer.
      model: model ?? {
        ...real,
        ...(refused ? {} : { status: 0, error: 'not reached by any order' }),
      },
      real,
      captures: [],
      ...(together === undefined ? {} : { together }),
    }
  }
}
