import fc from 'fast-check'
import { describe, expect } from 'vitest'
import {
  ActivityInput,
  CreateSeriesBody,
  CreateSessionBody,
  CreateSponsorReportBody,
  type Series,
  type Session,
  TeamInput,
} from '../../contract/index.ts'
import { bodySamples } from '../../contract/samples.ts'
import { activityAsInput, roundTripSuite } from './roundtrip.ts'

const { accepted, roundTrips, sessions } = roundTripSuite()

describe('profile-valid session, series and report bodies round-trip', () => {
  roundTrips(
    'POST /sessions, activities and teams: the list shows what was sent',
    fc.tuple(bodySamples.CreateSessionBody, bodySamples.ActivityInput, bodySamples.TeamInput),
    async ([body, activity, team]) => {
      const sent = CreateSessionBody.parse(body)
      const created: Session = (await accepted(201, 'POST', '/sessions', body)).session
      expect(created).toMatchObject({
        title: sent.title,
        mode: sent.mode,
        teamMode: sent.teamMode,
        status: sent.open ? 'open' : 'draft',
      })
      expect(created.activities.map(activityAsInput)).toEqual(sent.activities)
      expect((await sessions())[0]).toEqual(created)
      const added = (await accepted(201, 'POST', `/sessions/${created.id}/activities`, activity))
        .activity
      expect(activityAsInput(added)).toEqual(ActivityInput.parse(activity))
      const draft: Session = (
        await accepted(201, 'POST', '/sessions', { title: 'Teams', teamMode: true })
      ).session
      const addedTeam = (await accepted(201, 'POST', `/sessions/${draft.id}/teams`, team)).team
      expect(addedTeam).toMatchObject(TeamInput.parse(team))
      expect((await sessions()).find((s) => s.id === created.id)?.activities.at(-1)).toEqual(added)
      expect((await sessions()).find((s) => s.id === draft.id)?.teams).toEqual([addedTeam])
    },
  )

  roundTrips(
    'POST /series and /sponsors: the lists show what was sent',
    fc.tuple(bodySamples.CreateSeriesBody, bodySamples.CreateSponsorReportBody),
    async ([series, report]) => {
      const sentSeries = CreateSeriesBody.parse(series)
      const created: Series = (await accepted(201, 'POST', '/series', series)).series
      expect(created.title).toBe(sentSeries.title)
      expect(created.teams.map(({ name, color }) => ({ name, color }))).toEqual(sentSeries.teams)
      expect(
        created.rounds.map((r) => ({
          title: r.title,
          mode: r.mode,
          activities: r.activities.map(activityAsInput),
        })),
      ).toEqual(sentSeries.rounds)
      expect((await accepted(200, 'GET', '/series')).series[0]).toEqual(created)
      const sentReport = CreateSponsorReportBody.parse(report)
      const iso = (v: string | undefined) => (v === undefined ? null : new Date(v).toISOString())
      const { payload, ...summary } = (await accepted(201, 'POST', '/sponsors', report)).report
      expect(summary).toMatchObject({
        title: sentReport.title,
        brandLabel: sentReport.brandLabel,
        rangeStart: iso(sentReport.rangeStart),
        rangeEnd: iso(sentReport.rangeEnd),
      })
      expect(payload.window).toEqual({ start: summary.rangeStart, end: summary.rangeEnd })
      expect((await accepted(200, 'GET', '/sponsors')).reports[0]).toEqual(summary)
    },
    40,
  )
})
