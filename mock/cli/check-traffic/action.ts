import { resolve } from 'node:path'
import { loadDeploymentOption } from '../../deployment/load.ts'
import { runRelease } from '../../deployment/run-release.ts'
import { REPORT_FILES } from '../../report-format/files.ts'
import { Secrets } from '../../report-format/secrets.ts'
import { writeTrafficReports } from '../../report-format/write-traffic-reports.ts'
import { createTrafficChecker } from '../../traffic/check-exchange.ts'
import { DEFAULT_MAX_BODY_BYTES } from '../../traffic/exchange.ts'
import { apiRootsSeen, harExchanges } from '../../traffic/har.ts'
import { readHar } from '../../traffic/har-file.ts'
import { TrafficLog } from '../../traffic/log.ts'
import { ReleaseNeeds } from '../../traffic/release-needs.ts'
import { UsageError } from '../shared/options.ts'
import { checkOutputFolder } from '../shared/outputs.ts'
import { findingLine, releaseNeedLine, reportTraffic } from '../shared/traffic-print.ts'
import type { CheckTrafficOptions } from './options.ts'

/** `engagement-mock check-traffic`: a HAR file through the traffic checker, offline. */
export const checkTraffic = async (file: string, options: CheckTrafficOptions): Promise<void> => {
  const path = resolve(file)
  const reportDir = checkOutputFolder(options.reportDir, {
    option: '--report-dir',
    files: REPORT_FILES,
    inputs: options.deployment === undefined ? [path] : [path, options.deployment],
  })
  const deployment = await loadDeploymentOption(options.deployment)
  const har = await readHar(path)
  const roots = apiRootsSeen(har.log.entries.map((entry) => entry.request.url))
  const apiRoot = options.apiRoot ?? roots[0]
  if (!apiRoot) {
    throw new UsageError(
      `${file}: no entry addresses an operation of the API; name the API root with --api-root <url>.`,
    )
  }
  const startedAt = new Date().toISOString()
  const secrets = new Secrets()
  const exchanges = harExchanges(har, apiRoot, options.maxBody ?? DEFAULT_MAX_BODY_BYTES, {
    secrets,
  })
  // Nothing checked is no verdict: a "No violation" over zero exchanges would be a silent zero.
  if (exchanges.length === 0) {
    const others = roots.filter((root) => root !== apiRoot)
    throw new UsageError(
      `${file}: none of its ${har.log.entries.length} entries is an answered exchange of the API under ${apiRoot}, so there is nothing to check. ${
        others.length > 0
          ? `Its entries address the API under ${others.join(', ')}: give that --api-root${options.apiRoot === undefined ? '' : ', or leave it out to use the one most entries address'}.`
          : roots.includes(apiRoot)
            ? 'Entries without an answer (status 0: blocked, cancelled) are left out.'
            : 'None of them addresses an operation of the API.'
      }`,
    )
  }
  process.stderr.write(
    `Checking ${exchanges.length} of ${har.log.entries.length} entries of ${file} (API root ${apiRoot}${options.deployment ? `, deployment file ${options.deployment}` : ''})…\n`,
  )
  const checker = createTrafficChecker(deployment ? { deployment } : {})
  const { release } = options
  const log = new TrafficLog(
    undefined,
    release && new ReleaseNeeds(release.release, release.given, deployment ?? {}),
    runRelease(release, deployment?.release).release,
  )
  exchanges.forEach((exchange, i) => {
    try {
      const kept = log.record(exchange, i + 1, checker.check(exchange, i + 1))
      for (const finding of [...kept.violations, ...kept.requestIssues]) {
        process.stdout.write(`${findingLine(finding)}\n`)
      }
      if (kept.releaseNeed) process.stdout.write(`${releaseNeedLine(kept.releaseNeed)}\n`)
    } catch (error) {
      // Our own failure on one entry: the reports name it, the other entries are checked.
      log.error(`entry ${i + 1} could not be recorded (${(error as Error).message})`)
    }
  })
  const summary = log.summary()
  process.exitCode = await reportTraffic(
    summary,
    () =>
      writeTrafficReports(
        reportDir,
        {
          kind: 'har',
          apiRoot,
          from: path,
          ...(options.deployment ? { deployment: options.deployment } : {}),
          startedAt,
          endedAt: new Date().toISOString(),
          maxBodyBytes: options.maxBody ?? DEFAULT_MAX_BODY_BYTES,
        },
        summary,
        secrets,
      ),
    (text) => secrets.scrub(text),
  )
}
