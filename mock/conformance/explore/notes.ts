import { contract } from '../../../contract/table.ts'
import { type Exchange, label } from './engine.ts'
import type { Step } from './world.ts'

/**
 * What exploration saw where the reference does not decide the outcome: not divergences, not a
 * failure, but worth a reader's eye. `vocabulary`: the deployment refused a request whose validity
 * the reference leaves open (a field kind, an activity content, a value), with the deployment file
 * key that would say how it spells it. `choice`: it answered otherwise than the model where the
 * reference is silent (a transition §3 does not rule out, refused or allowed), and the model
 * followed it or stopped comparing that record.
 */
export interface ExploreNote {
  kind: 'vocabulary' | 'choice'
  /** `POST /forms/{id}/fields`. */
  request: string
  /** What the command meant, the first time it was seen. */
  intent: string
  /** The deployment's answer, first lines. */
  deployment: string
  /** The model's answer, first lines. */
  model: string
  /** Deployment file keys that would say it (vocabulary notes). */
  keys: string[]
  /** What exploration did about it. */
  outcome: string
  /** How often it was seen. */
  count: number
}

/** An answer on one line: `422 {"error":"…"}`, clipped. */
export const short = (exchange: Exchange) => {
  if (exchange.status === 0) return `no answer: ${exchange.error ?? 'network failure'}`
  const body = exchange.body === undefined ? exchange.text : JSON.stringify(exchange.body)
  const line = `${exchange.status} ${body}`.replace(/\s+/g, ' ')
  return line.length > 240 ? `${line.slice(0, 239)}…` : line
}

/** The operation, and where the deployment file sent it when that is elsewhere. */
const sentAs = (step: Step) => {
  const route = contract[step.op]
  const { method, url } = step.real.request
  const path = new URL(url).pathname
  const template = new RegExp(`${route.path.replace(/\{\w+\}/g, '[^/]+')}$`)
  const moved = method !== route.method || !template.test(path)
  return moved ? `${label(step.op)} (sent as ${method} ${path})` : label(step.op)
}

/** Notes of one exploration, one per request, kind and key, counted. */
export class Notes {
  readonly #byKey = new Map<string, ExploreNote>()

  add(kind: ExploreNote['kind'], step: Step, keys: readonly string[], outcome: string): void {
    this.record({
      kind,
      request: sentAs(step),
      intent: step.intent,
      deployment: short(step.real),
      model: short(step.model),
      keys: [...keys],
      outcome,
    })
  }

  /** A note of a request the model did not answer (exploration's own probe). */
  record(note: Omit<ExploreNote, 'count'>): void {
    this.#count({ ...note, count: 1 })
  }

  /**
   * Another run's notes, after this one's: as if they had been recorded here in that order (the
   * first text of each note stays, the counts add up). Runs in parallel merge in run order.
   */
  merge(other: Notes): void {
    for (const note of other.list()) this.#count({ ...note, keys: [...note.keys] })
  }

  #count(note: ExploreNote): void {
    const id = `${note.kind}|${note.request}|${note.keys.join(',')}|${note.deployment.slice(0, 3)}|${note.model.slice(0, 3)}`
    const known = this.#byKey.get(id)
    if (known) known.count += note.count
    else this.#byKey.set(id, note)
  }

  list(): ExploreNote[] {
    return [...this.#byKey.values()]
  }
}
