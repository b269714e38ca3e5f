import type { DeploymentFile } from '../deployment/schema.ts'
import {
  readActivityContent,
  readFieldConfig,
  readFieldKind,
  readState,
  readValue,
} from '../deployment/to-contract.ts'
import { contractWords, type ReadBack } from './words.ts'

/**
 * A deployment file's words read back, through mock/deployment/to-contract.ts (the one place that
 * knows the file's spellings); what comes back is then held to the contract's words, so a value
 * the file does not name and the contract does not have is still "no counterpart".
 */
export const deploymentWords = (deployment: DeploymentFile): ReadBack => {
  const value = (map: 'useCases' | 'layouts' | 'modes', v: string) => {
    const read = readValue(deployment, map, v)
    return typeof read === 'string' ? read : v
  }
  return {
    formStatus: (name) => contractWords.formStatus(String(readState(deployment, 'form', name))),
    sessionStatus: (name) =>
      contractWords.sessionStatus(String(readState(deployment, 'session', name))),
    mode: (v) => contractWords.mode(value('modes', v)),
    useCase: (v) => contractWords.useCase(value('useCases', v)),
    layout: (v) => contractWords.layout(value('layouts', v)),
    field: (kind, config) => {
      const known = readFieldKind(deployment, kind)
      if (!known) return undefined
      const read = readFieldConfig(deployment, known, config)
      return read.known ? { kind: known, config: read.body as Record<string, unknown> } : undefined
    },
    activity: (kind, config) => {
      const read = readActivityContent(deployment, kind, config)
      return read.known ? (read.body as Record<string, unknown>) : undefined
    },
    source: 'the deployment file (--deployment)',
  }
}
