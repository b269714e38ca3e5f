import { Clock, Codes } from './ids.ts'
import type { Release } from './releases.ts'
import type { Form, Series, Session, SponsorReport, Team } from './resources.ts'

/** What a session holds beyond its public record: team mode, its teams, what is on screen. */
export type SessionRecord = {
  session: Session
  teamMode: boolean
  teams: Team[]
  presenting: { activityId: string; since: string } | null
}

/** One organization's records; Maps keep insertion order, so a list is their values reversed. */
export type OrgRecords = {
  forms: Map<string, Form>
  sessions: Map<string, SessionRecord>
  series: Map<string, Series>
  reports: Map<string, SponsorReport>
}

export const newestFirst = <T>(records: Map<string, T>): T[] => [...records.values()].reverse()

export class Store {
  readonly #orgs = new Map<string, OrgRecords>()

  of(org: string): OrgRecords {
    let records = this.#orgs.get(org)
    if (!records) {
      records = { forms: new Map(), sessions: new Map(), series: new Map(), reports: new Map() }
      this.#orgs.set(org, records)
    }
    return records
  }

  reset() {
    this.#orgs.clear()
  }
}

/** The deployment as operations see it. */
export type Deployment = {
  release: Release
  publicBase: string
  store: Store
  codes: Codes
  clock: Clock
}

export const newDeployment = (release: Release, publicBase: string): Deployment => ({
  release,
  publicBase,
  store: new Store(),
  codes: new Codes(),
  clock: new Clock(),
})

/** One call of an operation: the caller's records, the path parameters and the parsed body. */
export type Context = {
  deployment: Deployment
  records: OrgRecords
  params: Record<string, string>
  body: unknown
}
