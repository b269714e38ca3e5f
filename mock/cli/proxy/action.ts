import type { Entry } from 'har-format'
import { releaseLabel } from '../../../contract/releases.ts'
import { loadDeploymentOption } from '../../deployment/load.ts'
import { type HarRecorder, openHarRecorder } from '../../proxy/har-recorder.ts'
import { startTrafficProxy } from '../../proxy/proxy.ts'
import { REPORT_FILES } from '../../report-format/files.ts'
import { writeTrafficReports } from '../../report-format/write-traffic-reports.ts'
import { harEntry } from '../../traffic/har.ts'
import { version } from '../program.ts'
import { EXIT, UsageError } from '../shared/options.ts'
import { checkOutputFile, checkOutputFolder } from '../shared/outputs.ts'
import { findingLine, releaseNeedLine, reportTraffic } from '../shared/traffic-print.ts'
import type { ProxyOptions } from './options.ts'

/** `engagement-mock proxy`: runs until SIGINT/SIGTERM, then writes the reports and exits with the verdict's status (0, 1 or 3). */
export const proxy = async (upstream: string, options: ProxyOptions): Promise<void> => {
  const deployment = await loadDeploymentOption(options.deployment)
  const inputs = options.deployment === undefined ? [] : [options.deployment]
  // Checked before the port is bound; the recording is opened only once it is (a busy port
  // leaves no file behind), and an existing recording is never replaced.
  const record =
    options.record === undefined
      ? undefined
      : checkOutputFile(options.record, {
          option: '--record',
          inputs,
          neverOverwrite: 'remove it, or name another file',
        })
  const reportDir = checkOutputFolder(options.reportDir, {
    option: '--report-dir',
    files: REPORT_FILES,
    inputs: record === undefined ? inputs : [...inputs, record],
  })
  let recorder: HarRecorder | undefined
  /** Exchanges completed before the recording is open: written first once it is. */
  const early: Entry[] = []
  const startedAt = new Date().toISOString()
  const running = await startTrafficProxy({
    upstream,
    port: options.port,
    host: options.host,
    ...(deployment ? { deployment } : {}),
    ...(options.errors ? { errors: true } : {}),
    ...(options.maxBody ? { maxBodyBytes: options.maxBody } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.release ? { release: options.release } : {}),
    onFinding: (finding) => process.stdout.write(`${findingLine(finding)}\n`),
    onReleaseNeed: (need) => process.stdout.write(`${releaseNeedLine(need)}\n`),
    onUpstreamError: (line) => process.stderr.write(`⚠ ${line}\n`),
    ...(record
      ? {
          onExchange: (exchange, timing) => {
            const entry = harEntry(exchange, timing)
            if (recorder) recorder.add(entry)
            else early.push(entry)
          },
        }
      : {}),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${options.port} is in use: pick another with --port <n>, or --port 0 for any free one.`,
      )
    }
    throw error
  })
  if (record) {
    try {
      recorder = await openHarRecorder(record, version())
    } catch (error) {
      await running.close().catch(() => undefined)
      throw new UsageError(`--record ${options.record}: ${(error as Error).message}`)
    }
    for (const entry of early.splice(0)) recorder.add(entry)
  }
  let stopping = false
  /** The proxy's own errors: each printed, named in the reports, and it serves on. */
  const own: string[] = []
  const ownError = (what: string, error: unknown) => {
    const line = running.secrets.scrub(
      `${what}: ${error instanceof Error ? error.message : String(error)}`,
    )
    own.push(line)
    running.log.error(`the proxy's own error (${line})`)
    process.stderr.write(`⚠ ${line}\n`)
  }
  process.on('uncaughtException', (error) => ownError('unexpected error', error))
  process.on('unhandledRejection', (error) => ownError('unexpected error', error))
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(EXIT.failed)
    stopping = true
    process.stderr.write(`\n${signal}: stopping the proxy…\n`)
    // Each step on its own: whatever fails, the reports of what was checked are still written.
    await running.close().catch((error) => ownError('closing the proxy', error))
    await recorder?.close().catch((error) => ownError(`closing ${options.record}`, error))
    try {
      const summary = running.log.summary()
      const exitCode = await reportTraffic(
        summary,
        () =>
          writeTrafficReports(
            reportDir,
            {
              kind: 'proxy',
              apiRoot: upstream,
              from: running.apiRoot,
              ...(options.deployment ? { deployment: options.deployment } : {}),
              startedAt,
              endedAt: new Date().toISOString(),
              ...(options.maxBody ? { maxBodyBytes: options.maxBody } : {}),
            },
            summary,
            running.secrets,
          ),
        (text) => running.secrets.scrub(text),
      )
      if (recorder && record) process.stdout.write(`  ${record}\n`)
      process.exit(exitCode)
    } catch (error) {
      // The summary itself failed: an error of our own, never a verdict on the deployment.
      process.stderr.write(`Could not report: ${running.secrets.scrub(String(error))}\n`)
      process.exit(EXIT.blocked)
    }
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.stdout.write(
    [
      `Checking the traffic to ${upstream} against the contract${options.deployment ? ` (deployment file ${options.deployment})` : ''}${options.release ? `, and against release ${releaseLabel(options.release.release, options.release.given)}` : ''}.`,
      `Point your app at ${running.apiRoot} (instead of ${upstream}).`,
      options.errors
        ? 'With --errors: an answer that breaks the contract reaches the client as 502.'
        : 'Answers pass through unchanged; each violation is printed below as it happens.',
      `Ctrl+C writes the reports to ${reportDir}${options.record ? ` and closes ${options.record}` : ''}.`,
      '',
    ].join('\n'),
  )
}
