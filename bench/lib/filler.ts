import {
  DEFAULT_PUBLIC_BASE,
  JOIN_CODE_ALPHABET,
  publicPath,
  SETTINGS_DEFAULTS,
} from '../../contract/index.ts'
import type { MockState } from '../../mock/core/state.ts'

/**
 * A store of `records` forms (3 fields each) spread over `orgs` organizations, built directly as
 * an exported state: importing it takes seconds, where 100,000 API calls would take minutes.
 * Every id, join code and slug is derived from the record's index, so all are distinct.
 */
export const BENCH_KEY = 'bench-key'
export const POST_KEY = 'bench-post-key'

const pad = (n: number) => n.toString(36).padStart(12, '0')
const joinCode = (n: number) => {
  let code = ''
  for (let i = 0, rest = n; i < 6; i++, rest = Math.floor(rest / 32)) {
    code += JOIN_CODE_ALPHABET[rest % 32]
  }
  return code
}

const organization = (id: string, name: string, apiKey: string) => ({
  id,
  name,
  apiKey,
  entitlements: ['series', 'data_export_analytics'] as ('series' | 'data_export_analytics')[],
})

export const fillerState = (records: number, orgs: number): MockState => {
  const organizations = [
    organization('org_benchtarget0', 'Bench target', BENCH_KEY),
    organization('org_benchposts00', 'Bench posts', POST_KEY),
    ...Array.from({ length: orgs - 1 }, (_, i) =>
      organization(`org_${pad(i)}`, `Org ${i}`, `filler-key-${i}`),
    ),
  ]
  const forms: MockState['forms'] = []
  const epoch = Date.UTC(2025, 0, 1)
  for (let i = 0; i < records; i++) {
    const slug = `filler-form-${i.toString(36)}`
    forms.push({
      id: `frm_${pad(i)}`,
      title: `Filler form ${i}`,
      description: 'Generated for the benchmark.',
      status: 'draft',
      joinCode: joinCode(i),
      slug,
      shareUrl: DEFAULT_PUBLIC_BASE + publicPath.form(slug),
      settings: { ...SETTINGS_DEFAULTS },
      publishedAt: null,
      createdAt: new Date(epoch + i * 1000).toISOString(),
      fields: [0, 1, 2].map((order) => ({
        id: `fld_${pad(i * 3 + order)}`,
        kind: 'short_text' as const,
        config: { label: `Question ${order + 1}`, required: false },
        order,
      })),
      orgId: (organizations[2 + (i % (orgs - 1))] as { id: string }).id,
      seq: i,
    })
  }
  return {
    format: 'engagement-mock-state',
    version: 1,
    seq: records,
    organizations,
    forms,
    sessions: [],
    series: [],
    reports: [],
    responses: [],
  }
}
