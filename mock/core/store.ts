import { z } from 'zod'
import { idOf } from '../../contract/common.ts'
import { Form, FormResponse } from '../../contract/forms.ts'
import { ENTITLEMENTS } from '../../contract/route.ts'
import { Series } from '../../contract/series.ts'
import { Session } from '../../contract/sessions.ts'
import { SponsorReport } from '../../contract/sponsors.ts'
import { newestFirst, type Rec, Table } from './table.ts'

const owned = { orgId: idOf('organization'), seq: z.int().min(0) }

export const StoredOrganization = z.strictObject({
  id: idOf('organization'),
  name: z.string().min(1),
  apiKey: z.string().min(1),
  entitlements: z.array(z.enum(ENTITLEMENTS)),
})
export type Organization = z.infer<typeof StoredOrganization>

export const StoredForm = Form.extend(owned)
/** Participation is not part of the API (§1: join flows are not shown); reports roll it up. */
export const StoredSession = Session.extend({ ...owned, participants: z.int().min(0) })
export const StoredSeries = Series.extend({
  ...owned,
  roundParticipants: z.record(z.string(), z.int().min(0)),
})
export const StoredReport = SponsorReport.extend(owned)
export const StoredResponse = FormResponse.extend(owned)

export type StoredForm = z.infer<typeof StoredForm>
export type StoredSession = z.infer<typeof StoredSession>
export type StoredSeries = z.infer<typeof StoredSeries>
export type StoredReport = z.infer<typeof StoredReport>
export type StoredResponse = z.infer<typeof StoredResponse>

const bySubmission = (a: StoredResponse, b: StoredResponse) =>
  a.submittedAt === b.submittedAt ? a.seq - b.seq : a.submittedAt > b.submittedAt ? 1 : -1

/** The whole in-memory state of one mock: tables, uniqueness sets and the creation counter. */
export class Store {
  readonly forms = new Table(StoredForm, newestFirst)
  readonly sessions = new Table(StoredSession, newestFirst)
  readonly series = new Table(StoredSeries, newestFirst)
  readonly reports = new Table(StoredReport, newestFirst)
  readonly responses = new Table(StoredResponse, bySubmission)
  readonly #orgsByKey = new Map<string, Organization>()
  readonly organizations: Organization[] = []
  /** Join codes are unique across all organizations' forms, sessions, rounds and series; slugs too. */
  readonly joinCodes = new Set<string>()
  readonly slugs = new Set<string>()
  #seq = 0
  /** Called with the organization whose data just changed, so cached reads can be dropped. */
  onWrite: (orgId: string) => void = () => {}

  nextSeq(): number {
    return this.#seq++
  }
  get seq(): number {
    return this.#seq
  }
  set seq(value: number) {
    this.#seq = value
  }

  addOrganization(org: Organization): void {
    const parsed = StoredOrganization.parse(org)
    this.organizations.push(parsed)
    this.#orgsByKey.set(parsed.apiKey, parsed)
  }

  orgByKey(apiKey: string): Organization | undefined {
    return this.#orgsByKey.get(apiKey)
  }

  /** Every id handed out, of any resource or nested record: a new one never repeats an old one. */
  readonly ids = new Set<string>()

  /** Claims a fresh identifier; false when it is already in use. */
  reserve(kind: 'id' | 'joinCode' | 'slug', value: string): boolean {
    const set = kind === 'joinCode' ? this.joinCodes : kind === 'slug' ? this.slugs : this.ids
    // One hash lookup instead of has-then-add: these sets hold every identifier ever handed out.
    const before = set.size
    return set.add(value).size > before
  }

  responsesOf(orgId: string, formId: string): Rec<typeof StoredResponse>[] {
    return this.responses.listByOrg(orgId).filter((r) => r.formId === formId)
  }

  clear(): void {
    for (const table of [this.forms, this.sessions, this.series, this.reports, this.responses]) {
      table.clear()
    }
    this.organizations.length = 0
    this.#orgsByKey.clear()
    this.joinCodes.clear()
    this.slugs.clear()
    this.ids.clear()
    this.#seq = 0
  }
}
