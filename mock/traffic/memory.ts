/**
 * What the traffic showed of each record, for the rules of §3 that depend on a record's state
 * (a team only while the session is a draft, a reorder with the complete list of the form's field
 * ids). Bounded: the least recently seen records are forgotten first, and a rule with nothing
 * remembered says nothing.
 */

/** Where something was seen: the exchange's number in this run. */
export interface Seen<T> {
  value: T
  exchange: number
}

export interface FormMemory {
  status?: Seen<string> | undefined
  /** The field ids in the order the last answer showing them listed them. */
  fieldIds?: Seen<readonly string[]> | undefined
  /** An accepted reorder whose order no answer has shown yet. */
  reordered?: Seen<readonly string[]> | undefined
  /** Per setting, the value the form fell back to when a replace (or its creation) omitted it. */
  defaults: Map<string, Seen<string>>
  /**
   * The title, description and settings the last answer showing them gave (its parsed JSON, which
   * no rule changes): parts that publish and close do not name.
   */
  parts: Map<string, Seen<unknown>>
}

export interface SessionMemory {
  status?: Seen<string>
}

/** A Map that forgets its least recently touched entry beyond `limit`. */
export class Recent<V> {
  readonly #entries = new Map<string, V>()
  constructor(
    private readonly limit: number,
    private readonly make: () => V,
  ) {}

  get(id: string): V | undefined {
    const value = this.#entries.get(id)
    if (value !== undefined) {
      this.#entries.delete(id)
      this.#entries.set(id, value)
    }
    return value
  }

  /** The entry, made empty when there was none. */
  touch(id: string): V {
    const value = this.get(id)
    if (value !== undefined) return value
    const made = this.make()
    this.set(id, made)
    return made
  }

  /** Stores `value` as the most recently touched entry. */
  set(id: string, value: V): void {
    this.#entries.delete(id)
    this.#entries.set(id, value)
    if (this.#entries.size > this.limit) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
  }

  delete(id: string): void {
    this.#entries.delete(id)
  }

  has(id: string): boolean {
    return this.#entries.has(id)
  }

  get size(): number {
    return this.#entries.size
  }
}

/** At most this many forms and as many sessions are remembered; longer field lists are not kept. */
export const MEMORY_LIMITS = { records: 10_000, fieldIds: 1_000 } as const

export class TrafficMemory {
  readonly forms = new Recent<FormMemory>(MEMORY_LIMITS.records, () => ({
    defaults: new Map(),
    parts: new Map(),
  }))
  readonly sessions = new Recent<SessionMemory>(MEMORY_LIMITS.records, () => ({}))

  /** A change the checker cannot follow (an operation outside the contract) touched `id`. */
  forget(id: string): void {
    this.forms.delete(id)
    this.sessions.delete(id)
  }

  knows(id: string): boolean {
    return this.forms.has(id) || this.sessions.has(id)
  }
}
