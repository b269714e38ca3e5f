/**
 * Exploration's part of a run's reports, as data: `explorationSection` (exploration-report.ts)
 * makes it of exploration's result, the run hands it over, and the run's reports place it: they
 * read this section, never exploration's result itself.
 */
export interface ExplorationSection<J extends ExplorationData = ExplorationData> {
  /** conformance.json's `exploration`; conformance.html and the verdict read it from there. */
  json: J
  /** conformance.md's "Exploration" section, one line each. */
  markdown: readonly string[]
  /** contract-junit.xml's "Exploration" `<testsuite>`, whole. */
  junitSuite: string
}

/**
 * What the reports read of exploration's data: its one-line summary, whether it found a
 * divergence or could not run, and what conformance.html shows of each. Exploration's result
 * carries more, all of it written into conformance.json.
 */
export interface ExplorationData {
  summary: string
  error?: string
  divergences: readonly {
    summary: string
    seed: number
    /** 1-based number of the run that found it. */
    run?: number
    shrinks: number
    /** 1-based number of the step whose answers differ. */
    divergentStep: number
    steps: readonly {
      request: string
      role: string
      intent: string
      modelStatus: number
      deploymentStatus: number
    }[]
    differences: readonly string[]
    model: string
    deployment: string
    script: string
  }[]
  notes: readonly {
    kind: string
    request: string
    intent: string
    deployment: string
    model: string
    count: number
  }[]
}
