import { type Command, Option } from 'commander'
import type { Client } from '../../../contract/client.ts'
import type { DemoCounts } from '../../../fixtures/index.ts'
import { plural } from '../../core/plural.ts'
import type { SeedVocabulary } from '../../deployment/seed-plan.ts'
import {
  EXIT,
  parseCount,
  parseHttpUrl,
  parseNonEmpty,
  parseSeed,
  UsageError,
} from '../shared/options.ts'
import { checkOutputFile } from '../shared/outputs.ts'
import { createProgress } from '../shared/progress.ts'

interface SeedOptions {
  seed: number
  forms?: number
  sessions?: number
  series?: number
  reports?: number
  key?: string
  otherKey?: string
  dryRun?: boolean
  out?: string
  deployment?: string
  release?: string
  from?: string
}

/** `--from`: a state file (from import-traffic or GET /__mock/state) or a HAR file, as a plan. */
const planFrom = async (file: string, deployment: string | undefined) => {
  const [{ resolve: resolvePath }, { readFileSync }, { planOfState }] = await Promise.all([
    import('node:path'),
    import('node:fs'),
    import('../../import/plan.ts'),
  ])
  const path = resolvePath(file)
  let head = ''
  try {
    head = readFileSync(path, 'utf8').slice(0, 4096)
  } catch (error) {
    const code = (error as { code?: string }).code
    throw new UsageError(
      `--from ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})`}.`,
    )
  }
  if (!/"format"\s*:\s*"engagement-mock-state"/.test(head)) {
    const { startsAsHar } = await import('../../traffic/har.ts')
    if (!startsAsHar(head)) {
      throw new UsageError(
        `--from ${file}: neither a state file nor a HAR file. --from accepts a state ("format": "engagement-mock-state": what import-traffic --out writes, or GET /__mock/state answers) or a HAR file of recorded traffic (read as import-traffic reads it).`,
      )
    }
    // Not a state: read as HAR (a file that is not HAR either is refused, naming why).
    const { stateOfHars } = await import('../../import/from-hars.ts')
    const { state } = await stateOfHars([file], deployment === undefined ? {} : { deployment })
    return planOfState(state)
  }
  const { loadStateFile, StateFileError } = await import('../../state-file/file.ts')
  try {
    const state = await loadStateFile(path)
    if (!state) throw new UsageError(`--from ${file}: no such file.`)
    return planOfState(state)
  } catch (error) {
    if (error instanceof StateFileError) throw new UsageError(`--from: ${error.message}`)
    throw error
  }
}

const countsOf = (options: SeedOptions): Partial<DemoCounts> => ({
  ...(options.forms === undefined ? {} : { forms: options.forms }),
  ...(options.sessions === undefined ? {} : { sessions: options.sessions }),
  ...(options.series === undefined ? {} : { series: options.series }),
  ...(options.reports === undefined ? {} : { sponsorReports: options.reports }),
})

/**
 * Options that would do nothing in this combination: a usage error naming them, not a silent
 * no-op. `given` says whether the user gave an option on the command line (not its default).
 */
const idleOptions = (
  baseUrl: string | undefined,
  options: SeedOptions,
  given: (name: keyof SeedOptions) => boolean,
): string | undefined => {
  if (options.from !== undefined) {
    const idle = (['seed', 'forms', 'sessions', 'series', 'reports'] as const).filter(given)
    if (idle.length > 0) {
      return `${idle.map((name) => `--${name}`).join(', ')} ${idle.length === 1 ? 'shapes' : 'shape'} the demo plan, which --from replaces: the records of ${options.from} are sent as they are. Leave ${idle.length === 1 ? 'it' : 'them'} out, or drop --from.`
    }
  }
  if (options.out !== undefined) {
    const idle = [
      ...(baseUrl === undefined ? [] : ['the API root']),
      ...(['key', 'otherKey', 'dryRun'] as const)
        .filter(given)
        .map((name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`),
    ]
    if (idle.length > 0) {
      return `--out writes the plan to a file instead of sending it: ${idle.join(', ')} would do nothing. Leave out --out to send the plan.`
    }
  }
  return undefined
}

const seed = async (
  baseUrl: string | undefined,
  options: SeedOptions,
  given: (name: keyof SeedOptions) => boolean = () => false,
): Promise<void> => {
  const idle = idleOptions(baseUrl, options, given)
  if (idle) throw new UsageError(idle)
  // Loaded here, not at the top: --help and usage errors stay quick.
  const [
    { createClient },
    { ACME_KEY, demoPlan, describeLeftOut, GLOBEX_KEY, planIn },
    print,
    { planSteps, runPlan },
    { releaseLabel, resolveRelease },
  ] = await Promise.all([
    import('../../../contract/client.ts'),
    import('../../../fixtures/index.ts'),
    import('./print.ts'),
    import('../../deployment/run-plan.ts'),
    import('../../../contract/releases.ts'),
  ])
  const { describeStep, printCreated, printDryRun, printLeftOut, printSkips } = print
  const target =
    options.out === undefined
      ? undefined
      : checkOutputFile(options.out, {
          option: '--out',
          inputs: [options.from, options.deployment].filter((file) => file !== undefined),
        })
  const whole =
    options.from === undefined
      ? demoPlan(options.seed, countsOf(options))
      : await planFrom(options.from, options.deployment)
  const source =
    options.from === undefined
      ? `the demo plan of seed ${options.seed}`
      : `the records of ${options.from}`
  // Read before anything is sent: a bad file is refused with its key (exit 2) and nothing happens.
  const deployment =
    options.deployment === undefined
      ? undefined
      : await (await import('../../deployment/load.ts')).loadDeploymentOption(options.deployment)
  // --release, else the deployment file's "release" (the option wins, as in check): only what a
  // deployment of that release can hold (§9); the rest is counted, never sent to fail part way.
  let plan = whole
  let notInRelease: string | undefined
  const release = options.release ?? deployment?.release
  if (release !== undefined) {
    const resolved = resolveRelease(release)
    if ('error' in resolved) throw new UsageError(`--release: ${resolved.error}`)
    const part = planIn(whole, resolved.release)
    plan = part.plan
    const what = describeLeftOut(part.leftOut)
    const from = options.release === undefined ? `, the "release" of ${options.deployment}` : ''
    // A file's release that leaves nothing out (the latest, which --init writes) goes unsaid.
    if (what || options.release !== undefined) {
      notInRelease = `Not in release ${releaseLabel(resolved.release, resolved.given)} (§9${from}), left out: ${what || 'nothing'}.`
    }
  }
  if (target !== undefined) {
    const { writeFilesWhole } = await import('../../report-format/files.ts')
    await writeFilesWhole([[target, `${JSON.stringify(plan, null, 2)}\n`]])
    process.stderr.write(`Wrote ${source} to ${target}\n${notInRelease ? `${notInRelease}\n` : ''}`)
    return
  }
  if (baseUrl === undefined) {
    throw new UsageError('Give the API root to seed (e.g. http://localhost:4010/api/v1) or --out.')
  }
  // The plan speaks as the demo organizations; --key stands in for Acme, --other-key for Globex.
  const keys = new Map<string, string>()
  if (options.key !== undefined) keys.set(ACME_KEY, options.key)
  if (options.otherKey !== undefined) keys.set(GLOBEX_KEY, options.otherKey)
  const keyName = (planKey: string) =>
    planKey === ACME_KEY ? '--key' : planKey === GLOBEX_KEY ? '--other-key' : planKey
  // A dry run shows the main organization's steps as sent even before a key is given.
  const planned = planSteps(
    plan,
    (planKey) => keys.has(planKey) || (options.dryRun === true && planKey === ACME_KEY),
  )
  let vocabulary: SeedVocabulary | undefined
  let problems: string | undefined
  const toSend = planned.flatMap(({ index, step, skip }) =>
    skip === undefined && step.type === 'api' ? [{ index, step }] : [],
  )
  if (deployment !== undefined) {
    const [{ SeedVocabulary }, { checkSeedPlan }] = await Promise.all([
      import('../../deployment/seed-plan.ts'),
      import('../../deployment/seed-check.ts'),
    ])
    vocabulary = new SeedVocabulary(deployment)
    // What --init saw this deployment refuse: said up front, before a record is created.
    const found = checkSeedPlan(deployment, toSend)
    if (found.length > 0) {
      problems = `${options.deployment}: this deployment refused what the plan would send (its "probe" section, written by check --init), so seed would stop part way; nothing was sent. ${plural(found.length, 'problem')}:\n${found.map((p) => `  - ${p.message}`).join('\n')}`
    }
  }
  // A state can hold what the target's API refuses to create (teams the recorded deployment took):
  // each conflict with a rule known of the target is named here, before anything is sent.
  const { checkPlanRules } = await import('../../deployment/seed-conflicts.ts')
  const rules = checkPlanRules(deployment, toSend)
  if (rules.conflicts.length > 0) {
    const broken = `Seeding ${source} would stop part way on a rule of the target, ${rules.source}; nothing was sent. ${plural(rules.conflicts.length, 'conflict')}:\n${rules.conflicts.map((c) => `  - ${c.message}`).join('\n')}\nRename one team of each pair (in the state file: import a HAR with import-traffic first) and seed again.`
    problems = problems === undefined ? broken : `${problems}\n\n${broken}`
  }
  if (options.dryRun) {
    printDryRun(planned, keyName)
    printLeftOut(notInRelease)
    if (problems) {
      process.stderr.write(`\n${problems}\n`)
      process.exitCode = EXIT.usage
    }
    return
  }
  if (problems) throw new UsageError(problems)
  if (options.key === undefined) {
    throw new UsageError(
      'Give the API key of the organization to seed: --key <key> or SEED_API_KEY.',
    )
  }
  const clients = new Map<string, Client>(
    [...keys].map(([planKey, apiKey]) => [
      planKey,
      // Bounded like the conformance tools' reading: a deployment's answer cannot exhaust memory.
      createClient({ baseUrl, apiKey, timeoutMs: 30_000, maxAnswerBytes: 64 * 1024 * 1024 }),
    ]),
  )
  process.stderr.write(`Seeding ${baseUrl} with ${source}…\n`)
  const progress = createProgress(planned.length)
  const outcome = await runPlan(
    planned,
    clients,
    (done, item) => progress.step(done, `${item.skip ? 'skipped ' : ''}${describeStep(item.step)}`),
    vocabulary,
  )
  progress.end()
  // A deployment may echo the key it was sent with (a refusal, a title, a share link): printed as
  // the option that gave it.
  const { Secrets } = await import('../../report-format/secrets.ts')
  const secrets = new Secrets(
    [
      [options.key, 'KEY'],
      [options.otherKey, 'OTHER_KEY'],
    ].filter((pair): pair is [string, string] => pair[0] !== undefined),
  )
  printCreated(outcome, (line) => secrets.scrub(line))
  const refusal = outcome.refusal
  if (refusal === undefined) {
    printSkips(planned)
    printLeftOut(notInRelease, outcome)
    return
  }
  printLeftOut(notInRelease, outcome)
  const reason = secrets.scrub(
    refusal.error ?? `answered ${refusal.status}: ${refusal.text.slice(0, 500)}`,
  )
  const kept =
    outcome.records.size === 0
      ? 'No record was created.'
      : `The ${outcome.records.size === 1 ? 'record' : `${outcome.records.size} records`} listed above ${outcome.records.size === 1 ? 'was' : 'were'} created and stay${outcome.records.size === 1 ? 's' : ''}.`
  process.stderr.write(
    `\nStopped at step ${refusal.index + 1} of ${planned.length} (${refusal.step.operation}): ` +
      `${refusal.request.method} ${secrets.scrub(refusal.request.url)} ${reason}\n` +
      `Nothing after it was sent. ${kept}\n`,
  )
  process.exitCode = EXIT.failed
}

export const registerSeed = (program: Command): void => {
  program
    .command('seed')
    .description(
      'Create the demo data in any deployment through the API (forms, sessions, series, sponsor ' +
        'reports), or write the demo plan as JSON with --out.',
    )
    .argument('[base-url]', 'API root to seed, e.g. http://localhost:4010/api/v1', (raw) =>
      parseHttpUrl(raw),
    )
    .option('--seed <n>', 'demo data seed: the same seed gives the same plan', parseSeed, 1)
    .option('--forms <n>', 'forms of the main organization (default 12)', parseCount)
    .option('--sessions <n>', 'sessions of the main organization (default 8)', parseCount)
    .option('--series <n>', 'series (default 2)', parseCount)
    .option('--reports <n>', 'sponsor reports (default 3)', parseCount)
    .addOption(
      new Option(
        '--key <key>',
        'API key of the organization to seed (needs both entitlements for series and reports)',
      )
        .env('SEED_API_KEY')
        .argParser(parseNonEmpty),
    )
    .addOption(
      new Option(
        '--other-key <key>',
        "API key of a second organization: also sends the plan's other-organization steps",
      )
        .env('SEED_OTHER_API_KEY')
        .argParser(parseNonEmpty),
    )
    .option(
      '--deployment <file>',
      'deployment file (as for check): send each request as this deployment spells it',
    )
    .option(
      '--release <date>',
      'send only what a deployment of that release of the API can hold (§9): a date (the release ' +
        "in force that day) or a release's name; later operations and activity kinds are left " +
        'out and counted (default: the deployment file\'s "release", else the latest, the whole plan)',
    )
    .option(
      '--from <file>',
      'send the records of a state file (import-traffic --out, GET /__mock/state) or of a HAR file instead of the demo plan',
    )
    .option('--dry-run', 'list what would be created; send nothing')
    .option('-o, --out <file>', 'write the demo plan (the fixtures) as JSON instead of sending it')
    .addHelpText(
      'after',
      `
The plan's steps run in order; each record gets the deployment's own ids and timestamps. Steps
that the API cannot express (session participation, form responses, §1) are skipped and counted.
With --deployment the plan is sent in that deployment's vocabulary (field kinds and configs,
activity contents, templates and other values); a kind the file declares not offered (null) is
left out of its record, and counted. A file written by check --init lists under "probe" what the
deployment refused of the plan's contents, key by key: a plan that would still send one is refused
before anything is sent (exit 2, each problem named; --dry-run says the same). The first refusal
stops the run: the records already created are listed, and the exit status is 1.

With --from the records of a state (or of a HAR file, read as import-traffic reads it) are sent
instead, oldest first, each in the order its relations need; the state's first organization
(acme-demo-key) is --key, its second (globex-demo-key) --other-key. A state can hold what the
target refuses to create (two teams of a session named alike but for case, which the mock and a
deployment file declaring expect.errors.duplicate_team_name refuse): each such conflict is named
before anything is sent (exit 2).

Exit status:
  0  the plan was sent (or written with --out, or listed with --dry-run)
  1  the deployment refused a step: the records created before it stay
  2  usage error: bad option or deployment file, a plan its "probe" says the deployment
     refuses, or one that breaks a rule known of the target (nothing is sent; --dry-run says
     the same)

Examples:
  $ engagement-mock seed http://localhost:4010/api/v1 --key acme-demo-key --dry-run
  $ engagement-mock seed https://staging.example.com/api/v1 --key "$STAGING_KEY" --forms 3 --sessions 2
  $ engagement-mock seed http://localhost:4010/api/v1 --key acme-demo-key --other-key globex-demo-key
  $ engagement-mock seed https://staging.example.com/api/v1 --key "$STAGING_KEY" --deployment deployment.json
  $ engagement-mock seed https://staging.example.com/api/v1 --key "$STAGING_KEY" --release 2026-07-12
  $ engagement-mock seed https://demo.example.com/api/v1 --key "$DEMO_KEY" --from state.json
  $ engagement-mock seed --seed 7 --out fixtures.json`,
    )
    .action((baseUrl: string | undefined, options: SeedOptions, command: Command) =>
      seed(baseUrl, options, (name) => command.getOptionValueSource(name) === 'cli'),
    )
}
