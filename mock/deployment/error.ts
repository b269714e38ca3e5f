import { EngagementMockError } from '../../contract/mock-error.ts'

/**
 * A deployment file that cannot be used: names the file, the key and what was expected. Apart from
 * the schema so the command line can tell it from other errors (exit 2) without loading zod.
 */
export class DeploymentError extends EngagementMockError {
  override name = 'DeploymentError'
}
