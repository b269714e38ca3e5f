import { type Html, html } from './html.ts'

/** One bar or column: `label` is shown (shortened if long), `tooltip` in full on hover. */
export interface Datum {
  label: string
  value: number
  color: string
  /** A second, smaller line under a column's label. */
  note?: string
  tooltip?: string
}

interface ChartOptions {
  data: readonly Datum[]
  /** Read out by screen readers. */
  title: string
  /** Extra class, so a page (and a test) can tell the charts apart. */
  name: string
  empty: string
}

const WIDTH = 720
const round = (n: number) => Math.round(n * 10) / 10

/** Gridlines at 1, 2 or 5 × 10ⁿ (n ≥ 0): about four of them, the last one at or above the maximum. */
export const niceTicks = (max: number, count = 4): number[] => {
  const raw = Math.max(max, 1) / count
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  // Counts are whole numbers: never a gridline at 0.5.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw)
  const top = Math.max(step, Math.ceil(max / step) * step)
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => round(i * step))
}

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text

const svg = (name: string, title: string, height: number, content: Html) =>
  html`<svg class="chart ${name}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${title}" xmlns="http://www.w3.org/2000/svg"><title>${title}</title>${content}</svg>`

const emptyChart = ({ name, title, empty }: ChartOptions) =>
  svg(name, title, 60, html`<text x="${WIDTH / 2}" y="34" text-anchor="middle">${empty}</text>`)

/** Horizontal bars, one row per datum: suits many items with long names (events). */
export const barChart = (options: ChartOptions): Html => {
  const { data, name, title } = options
  if (data.length === 0) return emptyChart(options)
  const labelWidth = 250
  const plotWidth = WIDTH - labelWidth - 60
  const row = 26
  const top = 22
  const ticks = niceTicks(Math.max(...data.map((d) => d.value)))
  const scale = plotWidth / (ticks.at(-1) ?? 1)
  const height = top + data.length * row + 6
  return svg(
    name,
    title,
    height,
    html`${ticks.map((t) => {
      const x = round(labelWidth + t * scale)
      return html`<line x1="${x}" x2="${x}" y1="${top - 4}" y2="${height - 4}" stroke="#e3e6ea"/><text x="${x}" y="${top - 8}" text-anchor="middle">${t.toLocaleString('en-GB')}</text>`
    })}${data.map((d, i) => {
      const y = top + i * row
      const width = round(d.value * scale)
      return html`<g><title>${d.tooltip ?? d.label}</title><text x="${labelWidth - 8}" y="${y + 17}" text-anchor="end">${shorten(d.label, 34)}</text><rect class="bar" x="${labelWidth}" y="${y + 5}" width="${Math.max(width, 1)}" height="16" rx="3" fill="${d.color}"/><text class="value" x="${round(labelWidth + width + 6)}" y="${y + 17}">${d.value.toLocaleString('en-GB')}</text></g>`
    })}`,
  )
}

/** Vertical columns in order: suits a short sequence such as months. */
export const columnChart = (options: ChartOptions): Html => {
  const { data, name, title } = options
  if (data.length === 0) return emptyChart(options)
  const left = 48
  const top = 22
  const plotHeight = 200
  const height = top + plotHeight + 44
  const ticks = niceTicks(Math.max(...data.map((d) => d.value)))
  const scale = plotHeight / (ticks.at(-1) ?? 1)
  const slot = (WIDTH - left - 8) / data.length
  const columnWidth = Math.min(56, slot * 0.6)
  const base = top + plotHeight
  // Past a dozen columns, label every n-th one so the labels never overlap.
  const labelEvery = Math.ceil(data.length / 12)
  return svg(
    name,
    title,
    height,
    html`${ticks.map((t) => {
      const y = round(base - t * scale)
      return html`<line x1="${left}" x2="${WIDTH - 8}" y1="${y}" y2="${y}" stroke="#e3e6ea"/><text x="${left - 8}" y="${y + 4}" text-anchor="end">${t.toLocaleString('en-GB')}</text>`
    })}${data.map((d, i) => {
      const center = round(left + slot * i + slot / 2)
      const columnHeight = round(d.value * scale)
      return html`<g><title>${d.tooltip ?? d.label}</title><rect class="bar" x="${round(center - columnWidth / 2)}" y="${round(base - columnHeight)}" width="${round(columnWidth)}" height="${Math.max(columnHeight, 1)}" rx="3" fill="${d.color}"/><text class="value" x="${center}" y="${round(base - columnHeight - 6)}" text-anchor="middle">${d.value.toLocaleString('en-GB')}</text>${i % labelEvery === 0 && html`<text x="${center}" y="${base + 18}" text-anchor="middle">${shorten(d.label, 12)}</text>${d.note && html`<text x="${center}" y="${base + 34}" text-anchor="middle">${d.note}</text>`}`}</g>`
    })}`,
  )
}
