// For tsconfig.core.json only (the other programs have the DOM's own declaration, which this
// would contradict): the one browser global the core feature-detects before it calls it.
declare var requestIdleCallback:
  | ((callback: () => void, options?: { timeout?: number }) => number)
  | undefined
