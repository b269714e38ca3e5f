import type { DemoStep, Ref } from '../../../contract/plan.ts'
import { contract } from '../../../contract/table.ts'
import { plural } from '../../core/plural.ts'
import type { PlannedStep, RecordKind, SeedOutcome, SkipReason } from '../../deployment/run-plan.ts'

export const SKIP_TEXT: Record<SkipReason, string> = {
  participation: 'participation: the API cannot create it (§1), the mock writes it directly',
  responses: 'form responses: the API cannot collect them (§1), the mock writes them directly',
  'no-key': "the other organization's step: give --other-key to send it",
  'not-offered': 'it acts on something this deployment does not offer (deployment file: null)',
}

const refText = (value: string | Ref) =>
  typeof value === 'string' ? value : `<${value.ref}.${value.path}>`

const titleOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'title' in body && typeof body.title === 'string'
    ? ` "${body.title}"`
    : ''

/** One line per step: `POST /forms/<acme.form.1.form.id>/publish  publishForm  (acme-demo-key)`. */
export const describeStep = (step: DemoStep): string => {
  if (step.type === 'participation') {
    return `participation: ${step.participants} participants in ${refText(step.target)}`
  }
  if (step.type === 'responses') {
    return `responses: ${step.responses.length} to ${refText(step.form)}`
  }
  const route = contract[step.operation]
  const path = route.path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = step.params?.[name]
    return value === undefined ? whole : refText(value)
  })
  return `${route.method} ${path}  ${step.operation}${titleOf(step.body)}`
}

export const printDryRun = (planned: readonly PlannedStep[], keyName: (key: string) => string) => {
  const out = process.stdout
  out.write('Dry run: nothing is sent. The plan, in order:\n')
  for (const { index, step, skip } of planned) {
    const n = String(index + 1).padStart(4)
    const status = skip === undefined ? 'send' : 'skip'
    out.write(`${n}  ${status}  [${keyName(step.apiKey)}] ${describeStep(step)}\n`)
  }
  printSkips(planned)
}

export const printSkips = (planned: readonly PlannedStep[]) => {
  const counts = new Map<SkipReason, number>()
  for (const { skip } of planned) if (skip) counts.set(skip, (counts.get(skip) ?? 0) + 1)
  const sendable = planned.filter((item) => item.skip === undefined).length
  process.stdout.write(`\n${sendable} of ${planned.length} steps are API calls to send.\n`)
  for (const [reason, count] of counts) {
    process.stdout.write(`Skipped ${plural(count, 'step')}: ${SKIP_TEXT[reason]}.\n`)
  }
}

const HEADINGS: Record<RecordKind, string> = {
  form: 'Forms',
  session: 'Sessions',
  series: 'Series',
  report: 'Sponsor reports',
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The links a person opens next: share, join and screen, manage, public report. */
const linksOf = (kind: RecordKind, r: Record<string, unknown>): string => {
  if (kind === 'form') return `share ${text(r.shareUrl)}`
  if (kind === 'session') {
    return `join ${text(r.joinUrl)} (code ${text(r.joinCode)})  screen ${text(r.screenUrl)}`
  }
  if (kind === 'series') {
    const rounds = Array.isArray(r.rounds) ? r.rounds.length : 0
    return `manage ${text(r.manageUrl)}  (${rounds} rounds)`
  }
  return `public ${text(r.publicUrl)}`
}

/**
 * `scrub`: the run's secret replacement. A deployment may echo the key in what it answers (a
 * title, a share link): the list is printed with every credential replaced, as the refusal is.
 */
export const printCreated = (outcome: SeedOutcome, scrub: (text: string) => string) => {
  const out = process.stdout
  const records = [...outcome.records.values()]
  out.write(
    `\nCreated ${plural(records.length, 'record')} with ${plural(outcome.sent, 'request')}.\n`,
  )
  for (const kind of Object.keys(HEADINGS) as RecordKind[]) {
    const ofKind = records.filter((entry) => entry.kind === kind)
    if (ofKind.length === 0) continue
    out.write(`\n${HEADINGS[kind]} (${ofKind.length})\n`)
    for (const { record } of ofKind) {
      const status = text(record.status)
      out.write(
        scrub(
          `  ${text(record.id)}  ${status ? `${status.padEnd(9)} ` : ''}"${text(record.title)}"\n` +
            `      ${linksOf(kind, record)}\n`,
        ),
      )
    }
  }
}

/**
 * What the plan lost on the way, in one summary: the steps the release cannot hold (`--release`,
 * one line), then the parts of records this deployment does not offer (its deployment file says
 * null) and the steps on them that were skipped.
 */
export const printLeftOut = (notInRelease: string | undefined, outcome?: SeedOutcome) => {
  const out = process.stdout
  if (notInRelease !== undefined) out.write(`${notInRelease}\n`)
  if (!outcome || (outcome.leftOut.length === 0 && outcome.skipped.length === 0)) return
  const records = new Set(outcome.leftOut.map((l) => l.record))
  out.write(
    `\nLeft out ${plural(outcome.leftOut.length, 'part')} of ${plural(records.size, 'record')} that this deployment does not offer (its deployment file says null):\n`,
  )
  const counts = new Map<string, number>()
  for (const { what, key } of outcome.leftOut) {
    const line = `${what.replace(/^an? |^the /, '')} (${key})`
    counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  for (const [line, count] of counts) out.write(`  ${count} × ${line}\n`)
  if (outcome.skipped.length > 0) {
    out.write(
      `Skipped ${plural(outcome.skipped.length, 'step')} on what was left out: ${outcome.skipped.map((s) => `${s.index + 1} (${s.operation})`).join(', ')}.\n`,
    )
  }
}
