import { operationLabel } from '../../../contract/endpoints.ts'
import type { ErrorCondition } from '../../../contract/errors.ts'
import type { OperationId } from '../../../contract/table.ts'
import type { DeploymentFile } from '../../deployment/schema.ts'
import type { Answer } from './observation.ts'

/** The questions about state names (§3 "not shown") a deployment file may answer (`expect.states`). */
const STATE_QUESTIONS: Record<
  string,
  'formPublished' | 'formClosed' | 'sessionOpen' | 'sessionEnded'
> = {
  'Status of a published form (§3: name not shown)': 'formPublished',
  'Status of a closed form (§3: name not shown)': 'formClosed',
  'Status of an opened session (§3: name not shown)': 'sessionOpen',
  'Status of an ended session (§3: name not shown)': 'sessionEnded',
}

/**
 * What the deployment file's `expect` says the answer to `question` is, if it says. The question
 * text is the key: checks word their questions once, and the file names states, operations and
 * conditions rather than sentences.
 */
export const declaredAnswer = (
  expect: DeploymentFile['expect'],
  question: string,
  operation?: OperationId,
): Answer | undefined => {
  if (!expect) return undefined
  const state = STATE_QUESTIONS[question]
  if (state) return expect.states?.[state]
  if (operation && question === `Success status of ${operationLabel(operation)}`) {
    return expect.statuses?.[operation]
  }
  const condition = /^Status for (\w+):/.exec(question)?.[1]
  return condition ? expect.errors?.[condition as ErrorCondition] : undefined
}
