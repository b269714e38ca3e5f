import type { DeploymentFile } from '../conformance/deployment.ts'
import { contractWords, type ReadBack } from './words.ts'

/** Placeholder until the deployment → contract module lands: state names only. */
export const deploymentWords = (deployment: DeploymentFile): ReadBack => {
  const states = deployment.expect?.states ?? {}
  return {
    ...contractWords,
    formStatus: (name) =>
      name === states.formPublished
        ? 'published'
        : name === states.formClosed
          ? 'closed'
          : contractWords.formStatus(name),
    sessionStatus: (name) =>
      name === states.sessionOpen
        ? 'open'
        : name === states.sessionEnded
          ? 'ended'
          : contractWords.sessionStatus(name),
    source: 'the deployment file',
  }
}
