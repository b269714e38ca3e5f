import { publicPath } from '../../../contract/common.ts'
import type { StoredSeries } from '../../core/records/series.ts'
import { type Html, html, layout, plural } from './html.ts'

/**
 * /series/{id}/manage: the series overview the API hands out as `manageUrl`. The real dashboard
 * (running rounds, the leaderboard) is not part of the API (§1); this page lists what the API holds.
 */
export const seriesPage = (series: StoredSeries): Html =>
  layout({
    title: `${series.title} · series`,
    body: html`<p class="eyebrow">Series · ${plural(series.rounds.length, 'round')} · ${plural(series.teams.length, 'team')}</p>
<h1>${series.title} <span class="badge ${series.status}">${series.status}</span></h1>
<section class="card join-box">
<p class="eyebrow">Series join code</p>
<p class="code" data-join-code>${series.joinCode}</p>
<p><a href="${publicPath.join(series.joinCode)}">Join view</a> · <a href="${publicPath.screen(series.joinCode)}">Big screen</a></p>
</section>
<section class="card"><h2>Teams</h2>${
      series.teams.length === 0
        ? html`<p class="muted">No teams yet.</p>`
        : html`<ul class="teams">${series.teams.map(
            (team) =>
              html`<li><span class="swatch" style="background:${team.color}"></span>${team.name}</li>`,
          )}</ul>`
    }</section>
<section class="card"><h2>Rounds</h2>${
      series.rounds.length === 0
        ? html`<p class="muted">No rounds yet.</p>`
        : html`<table><thead><tr><th>#</th><th>Round</th><th class="n">Activities</th><th>Code</th><th></th></tr></thead><tbody>${series.rounds.map(
            (round, i) =>
              html`<tr><td>${i + 1}</td><td>${round.title}</td><td class="n">${round.activities.length}</td><td><code>${round.joinCode}</code></td><td><a href="${publicPath.join(round.joinCode)}">join</a> · <a href="${publicPath.screen(round.joinCode)}">screen</a></td></tr>`,
          )}</tbody></table>`
    }</section>`,
  })
