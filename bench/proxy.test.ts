import { describe, expect, it } from 'vitest'
import type { Aggregate } from './lib/aggregate.ts'
import { type ProxyFigures, renderProxy } from './proxy.ts'

const at = (rps: number, p50: number): Aggregate => ({
  rps,
  p50,
  p99: p50 * 3,
  runs: [rps],
  non2xx: 0,
  requests: rps,
  errors: 0,
})
const figures = (ours: Aggregate): ProxyFigures => ({
  settings: { seconds: 5, runs: 3, connections: 10 },
  machine: {
    date: '2026-11-28 00:00 UTC',
    nproc: 2,
    cpu: 'test',
    memoryGiB: 4,
    node: 'v20',
    wrk: 'wrk',
    kernel: 'test',
  },
  prismVersion: '5',
  bodyBytes: 14_000,
  load: [1, 1],
  get: {
    'upstream, called directly': at(10_000, 1),
    'floor: http-proxy-3, no check': at(6_000, 1.5),
    'bare node:http pipe (for information)': at(7_000, 1.4),
    'engagement-mock proxy': ours,
    'Prism proxy': at(500, 20),
  },
})
const verdict = (markdown: string, row: string) =>
  markdown
    .split('\n')
    .find((line) => line.startsWith(`| ${row} |`))
    ?.split('|')
    .map((cell) => cell.trim())
    .slice(2, 5)

describe('the proxy section judges the proxy against the floor of our dependencies', () => {
  it('meets the guards at 0.6× the floor’s req/s and 1.9 ms beyond its p50', () => {
    const markdown = renderProxy(figures(at(3_600, 3.4)))
    expect(verdict(markdown, 'Throughput of our proxy vs the floor (req/s)')).toEqual([
      '0.6×',
      '≥ 0.55× (guard)',
      'met',
    ])
    expect(verdict(markdown, 'Latency our proxy adds at p50 beyond the floor’s')).toEqual([
      '1.9 ms',
      '≤ 2 ms (guard)',
      'met',
    ])
    expect(markdown).not.toContain('- Throughput: ')
  })

  it('misses them at 0.5× and 2.5 ms, with what a miss would take', () => {
    const markdown = renderProxy(figures(at(3_000, 4)))
    expect(verdict(markdown, 'Throughput of our proxy vs the floor (req/s)')?.[2]).toBe(
      '**missed**',
    )
    expect(verdict(markdown, 'Latency our proxy adds at p50 beyond the floor’s')?.[2]).toBe(
      '**missed**',
    )
    expect(markdown).toContain('- Throughput: Judged against the floor')
  })
})
