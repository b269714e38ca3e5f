import type * as z from 'zod'
import { SponsorReport } from '../../../contract/sponsors.ts'
import { kept, owned } from './common.ts'

export const StoredReport = SponsorReport.extend({ ...owned, id: kept, slug: kept })

export type StoredReport = z.infer<typeof StoredReport>
