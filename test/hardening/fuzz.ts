/**
 * Run counts: small and seeded for CI, raised for long runs with `FUZZ_RUNS=5000 npx vitest run
 * test/hardening`. `FUZZ_SEED` picks another fixed seed; fast-check prints seed and path of a
 * failure, and the failing request itself as curl and as a `mock.handle` call.
 */
const scaled = (defaultRuns: number) => {
  const raised = Number(process.env.FUZZ_RUNS)
  return Number.isFinite(raised) && raised > 0 ? Math.max(defaultRuns, raised) : defaultRuns
}

export const fuzzParameters = (defaultRuns: number) => ({
  seed: Number(process.env.FUZZ_SEED ?? 20_260_713),
  numRuns: scaled(defaultRuns),
  endOnFailure: true,
})

/** Test time-outs grow with the run count. */
export const fuzzTimeout = (defaultRuns: number, msPerRun: number) =>
  Math.max(20_000, scaled(defaultRuns) * msPerRun * 3)
