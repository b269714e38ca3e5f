import type { SponsorPayload } from '../../../contract/sponsors.ts'
import type { StoredReport } from '../../core/records/sponsors.ts'
import { barChart, columnChart } from './charts.ts'
import { formatDay, formatMonth, type Html, html, layout, plural } from './html.ts'

type EventType = SponsorPayload['events'][number]['type']
const TYPE_COLORS: Record<EventType, string> = {
  form: '#1E88E5',
  session: '#43A047',
  series: '#8E24AA',
}
const TYPE_NAMES: Record<EventType, string> = { form: 'Form', session: 'Session', series: 'Series' }

const windowText = ({ rangeStart, rangeEnd }: StoredReport): string => {
  if (rangeStart && rangeEnd) return `${formatDay(rangeStart)} – ${formatDay(rangeEnd)}`
  if (rangeStart) return `Since ${formatDay(rangeStart)}`
  if (rangeEnd) return `Until ${formatDay(rangeEnd)}`
  return 'All time'
}

const tile = (value: number, label: string) =>
  html`<div class="tile"><b>${value.toLocaleString('en-GB')}</b>${label}</div>`

const eventTable = (events: SponsorPayload['events']) =>
  html`<details><summary>Data table</summary><table>
<thead><tr><th>Event</th><th>Type</th><th>Date</th><th class="n">Participants</th><th class="n">Responses</th></tr></thead>
<tbody>${events.map(
    (e) =>
      html`<tr><td>${e.title}</td><td>${TYPE_NAMES[e.type]}</td><td>${formatDay(e.occurredAt)}</td><td class="n">${e.participants}</td><td class="n">${e.responses}</td></tr>`,
  )}</tbody></table></details>`

/** /r/{slug}: the sponsor report as a sponsor receives it, its charts drawn here as inline SVG. */
export const reportPage = (report: StoredReport): Html => {
  const { totals, events, timeline } = report.payload
  const byEvent = barChart({
    name: 'chart-events',
    title: 'Participation by event',
    empty: 'No events in this window.',
    data: events.map((e) => ({
      label: e.title,
      value: e.participants,
      color: TYPE_COLORS[e.type],
      tooltip: `${e.title} (${TYPE_NAMES[e.type]}, ${formatDay(e.occurredAt)}): ${plural(e.participants, 'participant')}`,
    })),
  })
  const overTime = columnChart({
    name: 'chart-timeline',
    title: 'Participation by month',
    empty: 'No events in this window.',
    data: timeline.map((m) => ({
      label: formatMonth(m.month),
      value: m.participants,
      color: '#0b63ce',
      note: plural(m.events, 'event'),
      tooltip: `${formatMonth(m.month)}: ${plural(m.participants, 'participant')}, ${plural(m.events, 'event')}, ${plural(m.responses, 'response')}`,
    })),
  })
  return layout({
    title: report.title,
    body: html`<p class="eyebrow">Sponsor report · ${windowText(report)}</p>
<h1>${report.title}</h1>
<p class="lead">${report.brandLabel}</p>
<div class="tiles">${tile(totals.events, 'events')}${tile(totals.participants, 'participants')}${tile(totals.responses, 'form responses')}${tile(totals.sessions + totals.series, 'live sessions & series')}</div>
<section class="card">
<h2>Participation by event</h2>
<div class="legend">${(Object.keys(TYPE_COLORS) as EventType[]).map(
      (type) =>
        html`<span><span class="swatch" style="background:${TYPE_COLORS[type]}"></span> ${TYPE_NAMES[type]}</span>`,
    )}</div>
${byEvent}
${events.length > 0 && eventTable(events)}
</section>
<section class="card">
<h2>Participation over time</h2>
${overTime}
</section>
<p class="muted">Generated ${formatDay(report.generatedAt)}. Participants count people who joined a session or series round, or answered a form.</p>`,
  })
}
