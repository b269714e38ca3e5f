import type { OperationId } from '../../../contract/table.ts'
import { type Answer, type Observation, observation } from './observation.ts'

export interface ObservedAnswer {
  question: string
  answer: Answer
  /** The profile's answer. */
  expected: Answer
  /** The deployment file's answer, when it states one: it replaces the profile's. */
  declared: Answer | undefined
  strict: boolean
  check: string
  operation?: OperationId
}

/**
 * What one answer to an open question comes to: the observation to record, and why it fails the
 * check if it does. A declared answer is asserted whatever the profile says, and its mismatch is
 * not recorded (the file, not the deployment, is then what is in question); under strict a
 * different answer than the profile's fails once recorded.
 */
export const judgeObservation = (
  input: ObservedAnswer,
): { observation?: Observation; failure?: string } => {
  const { question, answer, declared, operation } = input
  if (declared !== undefined && answer !== declared) {
    return {
      failure: `Deployment file: ${question}: expected ${JSON.stringify(declared)}, got ${JSON.stringify(answer)}.`,
    }
  }
  const expected = declared === undefined ? input.expected : declared
  const o = observation({
    question,
    answer,
    expected,
    check: input.check,
    ...(operation ? { operation } : {}),
  })
  if (!o.matches && input.strict && declared === undefined) {
    return {
      observation: o,
      failure: `Profile (CONTRACT_PROFILE=strict): ${question}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(answer)}.`,
    }
  }
  return { observation: o }
}
