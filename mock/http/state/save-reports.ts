/** An error as a message says it: its code first, when it has one. */
export const describeError = (error: unknown) => {
  const { code, message } = error as NodeJS.ErrnoException
  return code ? `${code}, ${message.replace(/^\w+: /, '')}` : String(message ?? error)
}

/**
 * Says each kind of save failure once, by operation, until that operation works again, which it
 * then says once too: a disk that stays full does not flood the log.
 */
export class SaveReports<Operation extends string> {
  /** Failures already said, by operation, as `code` (or message). */
  readonly #said = new Map<Operation, Set<string>>()
  readonly #report: (message: string) => void

  constructor(report: (message: string) => void) {
    this.#report = report
  }

  /** `operation` failed with `error`: says `message(error)` unless that kind was said already. */
  failed(operation: Operation, error: unknown, message: (error: unknown) => string): void {
    const { code, message: text } = error as NodeJS.ErrnoException
    const kind = code ?? text
    const said = this.#said.get(operation) ?? new Set<string>()
    this.#said.set(operation, said)
    if (said.has(kind)) return
    said.add(kind)
    this.#report(message(error))
  }

  /** `operation` worked: if a failure of it was said, says that saving works again (`what`). */
  recovered(operation: Operation, what: string): void {
    if (!this.#said.get(operation)?.size) return
    this.#said.delete(operation)
    this.#report(`Saving works again: ${what}.`)
  }
}
