import { EngagementMockError } from '../../contract/mock-error.ts'

/**
 * A file that is not HAR as the checker needs it: says where. Apart from the HAR schema so the
 * command line can tell it from other errors (exit 2) without loading zod, as DeploymentError.
 */
export class HarError extends EngagementMockError {
  override name = 'HarError'
}
