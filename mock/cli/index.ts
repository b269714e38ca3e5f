// The command with every subcommand: the launcher's ES module bundle (code split, so each
// command loads only its own chunks). `serve` alone also has its own entry, serve-main.ts.
import { registerCheck } from './check.ts'
import { registerCheckTraffic } from './check-traffic.ts'
import { registerImportTraffic } from './import-traffic.ts'
import { registerOpenApi } from './openapi.ts'
import { main } from './program.ts'
import { registerProxy } from './proxy.ts'
import { registerSeed } from './seed.ts'
import { registerServe } from './serve.ts'

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
