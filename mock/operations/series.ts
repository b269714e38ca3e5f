import { publicPath } from '../../contract/common.ts'
import type { Operations } from '../core/context.ts'
import { seriesView } from '../core/views.ts'
import { buildActivity } from './activities.ts'

type SeriesOps = Pick<Operations, 'createSeries'>

export const seriesOperations: SeriesOps = {
  async createSeries({ store, ids, org, now, publicBase, body }) {
    const id = ids.id('series')
    const record = await store.series.insert({
      id,
      title: body.title,
      status: 'draft',
      joinCode: ids.joinCode(),
      manageUrl: publicBase + publicPath.seriesManage(id),
      createdAt: now,
      teams: body.teams.map((team, order) => ({
        id: ids.id('team'),
        name: team.name,
        color: team.color,
        order,
      })),
      rounds: body.rounds.map((round) => {
        const joinCode = ids.joinCode()
        return {
          id: ids.id('round'),
          title: round.title,
          status: 'draft' as const,
          mode: round.mode,
          joinCode,
          joinUrl: publicBase + publicPath.join(joinCode),
          screenUrl: publicBase + publicPath.screen(joinCode),
          createdAt: now,
          activities: round.activities.map((input, order) => buildActivity(ids, input, order)),
        }
      }),
      orgId: org.id,
      seq: store.nextSeq(),
      roundParticipants: {},
    })
    return { status: 201, body: { series: seriesView(record) } }
  },
}
