import { ACTIVITY_CONFIGS, ACTIVITY_KINDS } from '../../../contract/activities.ts'
import { FIELD_CONFIGS, FIELD_KINDS } from '../../../contract/fields.ts'

/**
 * How many requests `check --init` sends, declared once: the probe sends them, `check --help` and
 * its "Probing…" line print them, and a test holds docs/usage.md and docs/conformance.md to them.
 * Light on purpose (the contract's kinds, nothing of the engine): the help imports it.
 */

/**
 * The most requests the contents' probe may take beyond one per kind: the base, each part and the
 * content without the refused ones, where every key of the kind's schema could be a part. Read off
 * the contract, so the bound is known before the plan is built.
 */
export const CONTENT_PROBE_EXTRA =
  ACTIVITY_KINDS.reduce((n, kind) => n + 2 + Object.keys(ACTIVITY_CONFIGS[kind].shape).length, 0) +
  FIELD_KINDS.reduce((n, kind) => n + 2 + Object.keys(FIELD_CONFIGS[kind].shape).length, 0)

/**
 * Requests a probe may send at most (its request bound): the release reads (2), the creates (6),
 * the richest content of each field kind (12) and activity kind (11) and the unknown-kind twin of a
 * refused later kind (1), the field-config replace, the open and the inferred operations (6), plus
 * room for what a deployment answers unexpectedly (48); then, for a refused content, its sample,
 * each key beyond it and the content without the refused ones (at most CONTENT_PROBE_EXTRA). The
 * check of the target before it and the clean-up (the forms' deletes) after it are apart.
 */
export const INIT_MAX_REQUESTS = 48 + CONTENT_PROBE_EXTRA

/**
 * The figures the help and the docs give. `typical`: the requests `--init` prints having probed a
 * deployment that accepts everything as the profile spells it (our mock): the probe and its
 * clean-up (a test holds it to a probe of the mock). `most`: the probe's bound, clean-up apart.
 */
export const INIT_REQUESTS = { typical: 39, most: INIT_MAX_REQUESTS } as const
