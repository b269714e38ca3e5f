import { isDeepStrictEqual } from 'node:util'
import type { OperationId } from '../../../contract/table.ts'
import type { Answer, Observation } from '../../report-format/model.ts'

export type { Answer, Observation } from '../../report-format/model.ts'

export const observation = (input: Omit<Observation, 'matches'>): Observation => ({
  ...input,
  matches: isDeepStrictEqual(input.answer, input.expected),
})

export const formatAnswer = (answer: Answer): string =>
  typeof answer === 'string' ? answer : JSON.stringify(answer)

/** Observations of one question merged over checks: each distinct answer once, with where it was seen. */
export interface ObservationRow {
  question: string
  expected: Answer
  answers: Array<{ answer: Answer; matches: boolean; checks: string[]; operations: OperationId[] }>
}

export const mergeObservations = (observations: readonly Observation[]): ObservationRow[] => {
  const rows = new Map<string, ObservationRow>()
  for (const o of observations) {
    const row = rows.get(o.question) ?? { question: o.question, expected: o.expected, answers: [] }
    rows.set(o.question, row)
    let entry = row.answers.find((a) => isDeepStrictEqual(a.answer, o.answer))
    if (!entry) {
      entry = { answer: o.answer, matches: o.matches, checks: [], operations: [] }
      row.answers.push(entry)
    }
    if (!entry.checks.includes(o.check)) entry.checks.push(o.check)
    if (o.operation && !entry.operations.includes(o.operation)) entry.operations.push(o.operation)
  }
  return [...rows.values()]
}
