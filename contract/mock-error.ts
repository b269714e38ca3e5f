/**
 * The base of every error this package throws on purpose, so a caller tells ours from a bug (or
 * from another library's) with one `instanceof EngagementMockError`. It sets nothing: each
 * subclass keeps its own `name`, message and fields.
 *
 * Public (exported from the package entries, docs/usage.md "Errors"):
 * - `engagement-mock/mock/node`, `engagement-mock/mock/browser`: `OverrideDriftError`.
 * - `engagement-mock/conformance`: `ContractFailure` (and its `BudgetExhausted`, `SetupBlocked`),
 *   `ConformanceOptionsError`, `ConformanceTestError`, `DeploymentError`, `EnvError`,
 *   `NotOffered`.
 *
 * Internal (caught inside the package or by the command line): `StateFileError`, `JournalError`,
 * `HarError`, `UsageError`, `NotFilled`, `NotStreamable`, `Divergence`.
 */
export class EngagementMockError extends Error {}
