import type { Command } from 'commander'
import { parseHttpUrl, UsageError } from '../shared/options.ts'
import { checkOutputFile } from '../shared/outputs.ts'

interface OpenApiOptions {
  out?: string
  serverUrl?: string
  release?: string
}

export const registerOpenApi = (program: Command): void => {
  program
    .command('openapi')
    .description(
      'Print the OpenAPI 3.1 document generated from the contract, or write it to a file.',
    )
    .option('-o, --out <file>', 'write the document to this file instead of printing it')
    .option(
      '--server-url <url>',
      'API root put in "servers" (default http://localhost:4010/api/v1)',
      parseHttpUrl,
    )
    .option(
      '--release <date>',
      "the document of an earlier release of the API (§9): a date (the release in force that day) or a release's name (default: the latest)",
    )
    .addHelpText(
      'after',
      `
Exit status:
  0  the document was printed or written
  1  it could not be written (the disk)
  2  usage error: bad option, unknown --release, or an --out it cannot write (a folder, or
     under a file or a folder it cannot write in)

Examples:
  $ engagement-mock openapi > openapi.json
  $ engagement-mock openapi --out build/openapi.json
  $ engagement-mock openapi --server-url https://staging.example.com/api/v1 --out openapi.json
  $ engagement-mock openapi --release 2026-07-12 --out openapi-2026-07-12.json`,
    )
    .action(async (options: OpenApiOptions) => {
      // Loaded here, not at the top: --help and usage errors stay quick.
      const [{ buildOpenApiDocument }, { resolveRelease }] = await Promise.all([
        import('../../../contract/openapi.ts'),
        import('../../../contract/releases.ts'),
      ])
      const release = options.release === undefined ? undefined : resolveRelease(options.release)
      if (release && 'error' in release) throw new UsageError(`--release: ${release.error}`)
      const target =
        options.out === undefined ? undefined : checkOutputFile(options.out, { option: '--out' })
      const document = buildOpenApiDocument({
        ...(options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl }),
        ...(release ? { release: release.release } : {}),
      })
      const text = `${JSON.stringify(document, null, 2)}\n`
      if (target === undefined) {
        process.stdout.write(text)
        return
      }
      const { writeFilesWhole } = await import('../../report-format/files.ts')
      await writeFilesWhole([[target, text]])
      process.stderr.write(`Wrote ${target}\n`)
    })
}
