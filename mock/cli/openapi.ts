import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Command } from 'commander'
import { parseHttpUrl } from './options.ts'

interface OpenApiOptions {
  out?: string
  serverUrl?: string
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
    .addHelpText(
      'after',
      `
Examples:
  $ engagement-mock openapi > openapi.json
  $ engagement-mock openapi --out build/openapi.json
  $ engagement-mock openapi --server-url https://staging.example.com/api/v1 --out openapi.json`,
    )
    .action(async (options: OpenApiOptions) => {
      // Loaded here, not at the top: --help and usage errors stay quick.
      const { buildOpenApiDocument } = await import('../../contract/openapi.ts')
      const document = buildOpenApiDocument(
        options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl },
      )
      const text = `${JSON.stringify(document, null, 2)}\n`
      if (options.out === undefined) {
        process.stdout.write(text)
        return
      }
      const target = resolve(options.out)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, text)
      process.stderr.write(`Wrote ${target}\n`)
    })
}
