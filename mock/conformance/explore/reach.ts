/**
 * What exploration built and compared, across all its runs: the pairs of operations it sent on one
 * record (a sequence-only fault needs two: a change then a transition, the same write twice, a
 * transition then a read) and the list items it compared, with the model and with the
 * deployment's own earlier view of the record. The report shows both; the follow-up command
 * (commands/follow-up.ts) picks the pair sent least so far.
 */
export interface ExploreReach {
  /** `POST /forms/{id}/fields/reorder → POST /forms/{id}/fields/reorder`: times sent on one record. */
  pairs: Array<{ first: string; then: string; count: number }>
  /**
   * List items of this run's records compared, by list and by the last operation on the record:
   * with the model (`model`), and with the deployment's own earlier view of the record, from a
   * read by id or an operation's answer, with nothing sent on the record in between (`own`).
   */
  listItems: Array<{ list: string; after: string; model: number; own: number }>
  /**
   * Concurrent steps (linearize.ts): how many were sent, the pairs of operations that overlapped
   * in them (each unordered pair once per step), the requests refused while another was in flight
   * ("no effect"), and the reads after them beyond the records they wrote (another record of the
   * run, a list, the record as another key).
   */
  concurrent?: {
    steps: number
    pairs: Array<{ first: string; then: string; count: number }>
    refusedInFlight: number
    readsAfter: number
    readsBeyond: number
  }
}

export class Reach {
  /** Every pair sent, shrinking included: what the report shows. */
  readonly #pairs = new Map<string, number>()
  readonly #items = new Map<string, { model: number; own: number }>()
  readonly #overlaps = new Map<string, number>()
  #concurrent = { steps: 0, refusedInFlight: 0, readsAfter: 0, readsBeyond: 0 }

  constructor(
    /**
     * What the choices count: the pairs the runs before this one sent, fixed while it runs (and
     * while it is shrunk: a shorter sequence fast-check tries makes the choices the failing one
     * made). A run's own pairs do not change its choices.
     */
    readonly before: ReadonlyMap<string, number> = new Map(),
  ) {}

  /** `then` was sent on a record whose previous operation was `first`. */
  pair(first: string, then: string): void {
    const key = `${first}\u0000${then}`
    this.#pairs.set(key, (this.#pairs.get(key) ?? 0) + 1)
  }

  /** How often the pair was sent, as the follow-up's choice counts it. */
  count(first: string, then: string): number {
    return this.before.get(`${first}\u0000${then}`) ?? 0
  }

  /** The pairs sent so far, as a later run's choices count them. */
  sent(): ReadonlyMap<string, number> {
    return new Map(this.#pairs)
  }

  /** What another run sent and compared, added to this one's. */
  merge(other: Reach): void {
    for (const [key, count] of other.#pairs)
      this.#pairs.set(key, (this.#pairs.get(key) ?? 0) + count)
    for (const [key, counts] of other.#items) {
      const known = this.#items.get(key) ?? { model: 0, own: 0 }
      this.#items.set(key, { model: known.model + counts.model, own: known.own + counts.own })
    }
    for (const [key, count] of other.#overlaps)
      this.#overlaps.set(key, (this.#overlaps.get(key) ?? 0) + count)
    const mine = this.#concurrent
    const theirs = other.#concurrent
    this.#concurrent = {
      steps: mine.steps + theirs.steps,
      refusedInFlight: mine.refusedInFlight + theirs.refusedInFlight,
      readsAfter: mine.readsAfter + theirs.readsAfter,
      readsBeyond: mine.readsBeyond + theirs.readsBeyond,
    }
  }

  /** A concurrent step sent `ops` at once; `refused` of them were refused in flight. */
  together(ops: readonly string[], refused: number, readsAfter: number): void {
    this.#concurrent.steps += 1
    this.#concurrent.refusedInFlight += refused
    this.#concurrent.readsAfter += readsAfter
    const counted = new Set<string>()
    for (let i = 0; i < ops.length; i++) {
      for (let j = i + 1; j < ops.length; j++) {
        const [a, b] = [ops[i] as string, ops[j] as string].sort()
        const key = `${a}\u0000${b}`
        if (counted.has(key)) continue
        counted.add(key)
        this.#overlaps.set(key, (this.#overlaps.get(key) ?? 0) + 1)
      }
    }
  }

  /** A read after a write, of what the write did not address (reads beyond the written record). */
  beyond(): void {
    this.#concurrent.readsBeyond += 1
  }

  /** A list item compared with the model, with the deployment's own earlier view, or both. */
  item(list: string, after: string, compared: { model: boolean; own: boolean }): void {
    const key = `${list}\u0000${after}`
    const known = this.#items.get(key) ?? { model: 0, own: 0 }
    if (compared.model) known.model += 1
    if (compared.own) known.own += 1
    this.#items.set(key, known)
  }

  result(): ExploreReach {
    const split = (key: string) => key.split('\u0000') as [string, string]
    return {
      pairs: [...this.#pairs]
        .map(([key, count]) => {
          const [first, then] = split(key)
          return { first, then, count }
        })
        .sort((a, b) => a.first.localeCompare(b.first) || a.then.localeCompare(b.then)),
      listItems: [...this.#items]
        .map(([key, counts]) => {
          const [list, after] = split(key)
          return { list, after, ...counts }
        })
        .sort((a, b) => a.list.localeCompare(b.list) || a.after.localeCompare(b.after)),
      ...(this.#concurrent.steps + this.#concurrent.readsBeyond > 0
        ? {
            concurrent: {
              ...this.#concurrent,
              pairs: [...this.#overlaps]
                .map(([key, count]) => {
                  const [first, then] = split(key)
                  return { first, then, count }
                })
                .sort((a, b) => a.first.localeCompare(b.first) || a.then.localeCompare(b.then)),
            },
          }
        : {}),
    }
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** What exploration built and compared, in one line. */
export const reachSummary = (reach: ExploreReach): string => {
  const sent = reach.pairs.reduce((n, p) => n + p.count, 0)
  const compared = reach.listItems.reduce((n, i) => n + i.model, 0)
  const own = reach.listItems.reduce((n, i) => n + i.own, 0)
  const c = reach.concurrent
  const concurrent = c
    ? `; ${plural(c.steps, 'concurrent step')} (${plural(
        c.pairs.reduce((n, p) => n + p.count, 0),
        'overlapping pair',
      )} of operations, ${plural(c.pairs.length, 'kind')}; ${c.refusedInFlight} refused in flight), ${plural(c.readsBeyond, 'read')} beyond the record written`
    : ''
  return `${plural(sent, 'pair')} of operations on one record (${plural(reach.pairs.length, 'kind')}), ${plural(compared, 'list item')} compared with the model, ${own} with the deployment's own earlier view of the record${concurrent}`
}

/** The report's account of it: the pairs sent on one record, and the list items compared. */
export const reachMarkdown = (reach: ExploreReach): string[] => {
  if (reach.pairs.length + reach.listItems.length === 0) return []
  return [
    '### What it built and compared',
    '',
    `${reachSummary(reach)}. A fault only a sequence shows needs a pair of operations on one record (a change then a transition, the same write twice, a transition then a read); a list item is compared with the model and with the deployment's own last view of the record (a read by id or an operation's answer) when nothing was sent on it in between.`,
    '',
    '<details><summary>Pairs of operations sent on one record</summary>',
    '',
    '| First | Then | Times |',
    '|---|---|---|',
    ...reach.pairs.map((p) => `| \`${p.first}\` | \`${p.then}\` | ${p.count} |`),
    '',
    '</details>',
    '',
    '| List | Item of a record whose last operation was | Compared with the model | With the deployment’s own view |',
    '|---|---|---|---|',
    ...reach.listItems.map((i) => `| \`${i.list}\` | \`${i.after}\` | ${i.model} | ${i.own} |`),
    '',
    ...(reach.concurrent && reach.concurrent.pairs.length > 0
      ? [
          '<details><summary>Concurrent pairs tried (operations sent at once, judged by linearizability)</summary>',
          '',
          '| One | With | Times |',
          '|---|---|---|',
          ...reach.concurrent.pairs.map((p) => `| \`${p.first}\` | \`${p.then}\` | ${p.count} |`),
          '',
          '</details>',
          '',
        ]
      : []),
  ]
}
