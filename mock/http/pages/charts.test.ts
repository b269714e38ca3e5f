import { describe, expect, it } from 'vitest'
import { barChart, columnChart, niceTicks } from './charts.ts'
import { markup } from './html.ts'

describe('charts', () => {
  it('puts gridlines at round numbers, the last one at or above the maximum', () => {
    expect(niceTicks(247)).toEqual([0, 100, 200, 300])
    expect(niceTicks(488)).toEqual([0, 200, 400, 600])
    expect(niceTicks(8)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(3)).toEqual([0, 1, 2, 3])
    expect(niceTicks(0)).toEqual([0, 1])
  })

  it('draws one bar per datum, the longest for the largest value', () => {
    const svg = markup(
      barChart({
        name: 'test',
        title: 'T',
        empty: 'none',
        data: [
          { label: 'small', value: 10, color: '#111111' },
          { label: 'large', value: 40, color: '#222222' },
        ],
      }),
    )
    const widths = [...svg.matchAll(/class="bar"[^>]* width="([\d.]+)"/g)].map((m) => Number(m[1]))
    expect(widths).toHaveLength(2)
    expect(widths[1]).toBeCloseTo((widths[0] ?? 0) * 4)
  })

  it('says so instead of drawing an empty chart', () => {
    const svg = markup(columnChart({ name: 'test', title: 'T', empty: 'No events.', data: [] }))
    expect(svg).toContain('No events.')
    expect(svg).not.toContain('class="bar"')
  })
})
