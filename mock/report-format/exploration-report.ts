import type { ExploreResult } from '../conformance/explore/explore.ts'
import { reachMarkdown } from '../conformance/explore/reach.ts'
import type { ExplorationSection } from './exploration-section.ts'
import { withJunitSuite } from './junit.ts'

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** What exploration did, in one line: for the console and the report's first lines. */
export const explorationSummary = (result: ExploreResult): string => {
  const found =
    result.divergences.length === 0
      ? 'no divergence'
      : `${result.divergences.length} divergence${result.divergences.length === 1 ? '' : 's'}`
  const stopped = result.stopped ? `; stopped early: ${result.stopped}` : ''
  const vocabulary = result.notes.filter((n) => n.kind === 'vocabulary').length
  const choices = result.notes.filter((n) => n.kind === 'choice').length
  const noted =
    vocabulary + choices === 0
      ? ''
      : `; noted, not divergences: ${vocabulary} vocabulary refusal${vocabulary === 1 ? '' : 's'}, ${choices} choice${choices === 1 ? '' : 's'} of the deployment`
  return `${found} in ${result.runsDone} of ${result.runsRequested} runs (seed ${result.seed}, ${result.requests} requests of at most ${result.bound.requests}, ${(result.durationMs / 1000).toFixed(1)} s${stopped})${noted}`
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The notes as a markdown table: what was asked, what each side answered, what would say it. */
const notesMarkdown = (result: ExploreResult): string[] => {
  if (result.notes.length === 0) return []
  return [
    '### Notes: where the reference does not decide (not divergences)',
    '',
    '*Vocabulary*: the deployment refused a request whose validity the reference leaves open (a field kind or config, an activity content, a value); the deployment file key says how this deployment spells it. *Choice*: it answered otherwise than the model where the reference is silent (a transition §3 does not rule out, refused or allowed); the model followed it, or that record was no longer compared.',
    '',
    '| Note | Request | What | Deployment answered | Model answered | Deployment file key | Then | Seen |',
    '|---|---|---|---|---|---|---|---|',
    ...result.notes.map(
      (n) =>
        `| ${n.kind} | \`${n.request}\` | ${cell(n.intent)} | ${cell(n.deployment)} | ${cell(n.model)} | ${n.keys.map((k) => `\`${k}\``).join(', ') || '-'} | ${cell(n.outcome)} | ${n.count} |`,
    ),
    '',
  ]
}

/** The share of concurrent steps the runs were generated with, as the report states it. */
const shareSentence = (share: number): string =>
  share === 0
    ? 'Concurrent share 0: every command sent its requests one at a time (no concurrent step).'
    : `Concurrent share ${share}: about ${Math.round(share * 100)} % of the commands sent 2–4 operations at once.`

/** The "Exploration" section of conformance.md. */
export const explorationMarkdown = (result: ExploreResult): string[] => {
  const lines = [
    '## Exploration',
    '',
    "Random sequences of operations sent to this deployment and to the mock as an executable model, compared where the reference decides (success or refusal, §7 error shapes, documented schemas, state as later reads show it, parts of a record an operation does not name, list membership and order, each list item as the model and the deployment's own last view of the record show it). State names are compared as a consistent mapping, not by name; where the reference leaves the outcome open, the deployment's answer is noted and followed, not reported as a divergence. Some steps send two to four operations at once: they pass when some order of them, run one after another through the model, explains every answer and the reads after them (linearizability); a 409, 429 or 503 to one of them is a refusal with no effect, and which order won is never a verdict.",
    '',
    `**${explorationSummary(result)}.** At most ${result.maxSteps} commands per run, each one operation with at most one read back, a pair on one record, or operations sent at once with reads after them; ${result.cleanupRequests} clean-up requests. ${shareSentence(result.concurrentShare)}${result.beyond ? ` ${result.beyond.runs} runs in flight beside the last one reported were dropped (one at a time they would not have run); their ${result.beyond.requests} requests are counted.` : ''}`,
    '',
  ]
  if (result.error) lines.push(`**Exploration could not run:** ${result.error}`, '')
  if (result.probe.confirmed.length + result.probe.refused.length > 0) {
    lines.push(
      `Probed before the first run (kinds the deployment file does not name): accepted ${result.probe.confirmed.join(', ') || 'none'}; refused ${result.probe.refused.join(', ') || 'none'} (not generated).`,
      '',
    )
  }
  if (result.reach) lines.push(...reachMarkdown(result.reach))
  lines.push(...notesMarkdown(result))
  if (result.notOffered.length > 0) {
    lines.push(
      `Not offered by this deployment (answered 404/405; left out after the first try): ${result.notOffered.join(', ')}.`,
      '',
    )
  }
  result.divergences.forEach((d, i) => {
    lines.push(
      `### Divergence ${i + 1}: ${d.summary}`,
      '',
      `Seed ${d.seed}${d.run === undefined ? '' : `, run ${d.run}`} (replay with \`--explore-seed ${d.seed}\` or \`CONTRACT_EXPLORE_SEED=${d.seed}\`), shrunk in ${d.shrinks} steps to this sequence of ${d.steps.length}:`,
      '',
      '| # | Operation | Key | What | Model | Deployment |',
      '|---|---|---|---|---|---|',
      ...d.steps.map(
        (s, n) =>
          `| ${n + 1}${n + 1 === d.divergentStep ? ' **←**' : ''} | \`${s.request}\` | ${s.role} | ${s.intent.replace(/\|/g, '\\|')} | ${s.modelStatus} | ${s.deploymentStatus} |`,
      ),
      '',
      `Differences at step ${d.divergentStep}:`,
      '',
      ...d.differences.map((text) => `- ${text}`),
      '',
      'The model answered:',
      '',
      '```',
      d.model,
      '```',
      '',
      'The deployment answered:',
      '',
      '```',
      d.deployment,
      '```',
      '',
      'Reproduce:',
      '',
      '```sh',
      d.script.trimEnd(),
      '```',
      '',
    )
  })
  return lines
}

/** The exploration as conformance.json carries it: the whole result, and its one-line summary. */
export const explorationJson = (result: ExploreResult) => ({
  summary: explorationSummary(result),
  ...result,
})

/** A JUnit suite with one failed case per divergence (one passed case when there is none). */
export const explorationJunit = (result: ExploreResult): string => {
  const cases =
    result.divergences.length === 0
      ? [
          `    <testcase classname="exploration" name="Exploration: ${xml(explorationSummary(result))}">${result.error ? `\n      <error message="${xml(result.error)}" type="Exploration">${xml(result.error)}</error>\n    ` : ''}</testcase>`,
        ]
      : result.divergences.map(
          (d) =>
            `    <testcase classname="exploration" name="Exploration divergence (seed ${d.seed}, ${d.steps.length} steps): ${xml(d.summary)}">\n      <failure message="${xml(d.summary)}" type="Divergence">${xml(`${d.differences.join('\n')}\n\nModel:\n${d.model}\n\nDeployment:\n${d.deployment}\n\n${d.script}`)}</failure>\n    </testcase>`,
        )
  // Its own error is an <error>, as every report's run error is: not a verdict on the deployment.
  const errors = result.error && result.divergences.length === 0 ? 1 : 0
  return `  <testsuite name="Exploration" tests="${cases.length}" failures="${result.divergences.length}" errors="${errors}" skipped="0">\n${cases.join('\n')}\n  </testsuite>\n`
}

/** Adds the exploration suite to a JUnit file another reporter wrote, keeping its totals right. */
export const withExplorationSuite = (junit: string, result: ExploreResult): string =>
  withJunitSuite(junit, explorationJunit(result))

/** Exploration's section of a run's reports, as the reports take it: they import nothing of here. */
export const explorationSection = (
  result: ExploreResult,
): ExplorationSection<ReturnType<typeof explorationJson>> => ({
  json: explorationJson(result),
  markdown: explorationMarkdown(result),
  junitSuite: explorationJunit(result),
})
