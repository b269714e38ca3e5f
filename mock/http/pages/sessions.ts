import { publicPath } from '../../../contract/common.ts'
import { activityCard, shownActivity } from './activities.ts'
import { type Html, html, layout } from './html.ts'
import type { Stage } from './lookup.ts'

const KIND_NAMES: Record<Stage['kind'], string> = {
  session: 'Session',
  round: 'Series round',
  series: 'Series',
}

/** What a participant is told about the stage's state, in their words rather than the API's. */
const statusLine = (stage: Stage): string => {
  if (stage.status === 'open') {
    return stage.mode === 'live'
      ? 'Live now: answer along as the host moves through the activities.'
      : 'Open: go through the activities at your own pace.'
  }
  if (stage.status === 'ended') return 'This session has ended. Thanks for taking part!'
  if (stage.kind !== 'session') return 'The host runs the rounds from their dashboard; stay tuned.'
  return 'Not open yet: keep this page and join as soon as the host opens it.'
}

const teamList = (stage: Stage, heading: string): Html =>
  stage.teams.length === 0
    ? html``
    : html`<section class="card"><h2>${heading}</h2><ul class="teams">${stage.teams.map(
        (team) =>
          html`<li><span class="swatch" style="background:${team.color}"></span>${team.name}</li>`,
      )}</ul></section>`

const activityOrNote = (stage: Stage): Html => {
  if (stage.status === 'ended') return html``
  const shown = shownActivity(stage.activities, stage.currentActivityId)
  return shown
    ? activityCard(shown.activity, shown.current)
    : html`<section class="card"><p class="muted">No activities yet.</p></section>`
}

const heading = (stage: Stage): Html => html`<p class="eyebrow">${KIND_NAMES[stage.kind]} · ${
  stage.mode === 'live' ? 'Live' : 'Self-paced'
}</p>
<h1>${stage.title} <span class="badge ${stage.status}">${stage.status}</span></h1>
${stage.context && html`<p class="lead">${stage.context}</p>`}`

/** /join/{code}: what a participant's phone shows. */
export const joinPage = (stage: Stage): Html =>
  layout({
    title: `Join ${stage.title}`,
    body: html`${heading(stage)}
<section class="card join-box">
<p class="eyebrow">Join code</p>
<p class="code" data-join-code>${stage.joinCode}</p>
<p>${statusLine(stage)}</p>
</section>
${teamList(stage, 'Pick your team')}
${activityOrNote(stage)}
<p class="muted"><a href="${publicPath.screen(stage.joinCode)}">Open the big-screen view</a></p>`,
  })

/** /screen/{code}: the projector view, readable from the back of the room. */
export const screenPage = (stage: Stage, publicBase: string): Html => {
  const joinUrl = publicBase + publicPath.join(stage.joinCode)
  return layout({
    title: `${stage.title} · big screen`,
    theme: 'screen',
    body: html`<section class="card join-box">
<p class="join-hint">Join at <b>${joinUrl.replace(/^https?:\/\//, '')}</b> or with the code</p>
<p class="code" data-join-code>${stage.joinCode}</p>
</section>
${heading(stage)}
${stage.status === 'ended' ? html`<section class="card"><h2>Thanks for taking part!</h2></section>` : activityOrNote(stage)}
${teamList(stage, 'Teams')}`,
  })
}
