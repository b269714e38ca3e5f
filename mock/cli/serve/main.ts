// `engagement-mock serve` alone: the entry of the CommonJS bundle (serve.cjs) the launcher runs
// with a V8 code cache (code-cache.cjs). Only `serve` is defined, so the bundle holds what serve
// can reach: neither the conformance engine nor the other commands. Its help is `serve --help`.
import { main } from '../program.ts'
import { registerServe } from './command.ts'

/** Settles once the server answers and the banner is out (or the command failed): the launcher then writes the code cache. */
export const finished: Promise<void> = main({ serve: registerServe }, process.argv.slice(2))
