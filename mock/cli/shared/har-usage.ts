import { HarError } from '../../traffic/har.ts'
import { UsageError } from './options.ts'

/** A HAR file that cannot be read or used (traffic/, import/ say why) is a usage error: exit 2. */
export const harUsage = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read()
  } catch (error) {
    if (error instanceof HarError) throw new UsageError(error.message)
    throw error
  }
}
