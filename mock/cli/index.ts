// The command with every subcommand: the launcher's ES module bundle (code split, so each
// command loads only its own chunks). `serve` alone also has its own entry, serve/main.ts.
import { registerCheck } from './check/command.ts'
import { registerCheckTraffic } from './check-traffic/command.ts'
import { registerImportTraffic } from './import-traffic/command.ts'
import { registerOpenApi } from './openapi/command.ts'
import { main } from './program.ts'
import { registerProxy } from './proxy/command.ts'
import { registerSeed } from './seed/command.ts'
import { registerServe } from './serve/command.ts'

await main(
  {
    serve: registerServe,
    check: registerCheck,
    seed: registerSeed,
    openapi: registerOpenApi,
    proxy: registerProxy,
    'check-traffic': registerCheckTraffic,
    'import-traffic': registerImportTraffic,
  },
  process.argv.slice(2),
)
