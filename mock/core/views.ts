import type { Form, FormResponse } from '../../contract/forms.ts'
import type { Series } from '../../contract/series.ts'
import type { Session } from '../../contract/sessions.ts'
import type { SponsorReport } from '../../contract/sponsors.ts'
import type { StoredForm, StoredResponse } from './records/forms.ts'
import type { StoredSeries } from './records/series.ts'
import type { StoredSession } from './records/sessions.ts'
import type { StoredReport } from './records/sponsors.ts'

/** API views of stored records: the bookkeeping fields never leave the mock. */
export const formView = ({ orgId: _o, seq: _s, ...form }: StoredForm): Form => form
export const sessionView = ({
  orgId: _o,
  seq: _s,
  participants: _p,
  ...session
}: StoredSession): Session => session
export const seriesView = ({
  orgId: _o,
  seq: _s,
  roundParticipants: _r,
  ...series
}: StoredSeries): Series => series
export const reportView = ({ orgId: _o, seq: _s, ...report }: StoredReport): SponsorReport => report
/** §4 GET /sponsors: metadata only. */
export const reportSummary = ({ payload: _p, ...summary }: SponsorReport) => summary
export const responseView = ({ orgId: _o, seq: _s, ...response }: StoredResponse): FormResponse =>
  response
