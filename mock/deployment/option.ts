import { UsageError } from '../cli/options.ts'
import { loadDeployment } from './load.ts'
import { DeploymentError, type DeploymentFile } from './schema.ts'

/**
 * `--deployment FILE` as every command reads it, before it sends or opens anything: a file that
 * cannot be used is a usage error (exit 2) naming the key at fault.
 */
export const deploymentOption = async (
  file: string | undefined,
): Promise<DeploymentFile | undefined> => {
  if (file === undefined) return undefined
  try {
    return await loadDeployment(file)
  } catch (error) {
    if (error instanceof DeploymentError) throw new UsageError(error.message)
    throw error
  }
}
