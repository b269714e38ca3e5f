/**
 * Progress on stderr: a redrawn bar on a terminal, one plain line per step otherwise (CI logs,
 * pipes), so stdout stays the summary alone.
 */
export interface Progress {
  step: (done: number, label: string) => void
  /** Prints a line above the bar (a skip, a refusal) without garbling it. */
  note: (line: string) => void
  end: () => void
}

export const createProgress = (
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): Progress => {
  const tty = stream.isTTY === true
  const width = 28
  let drawn = false
  const clear = () => {
    if (tty && drawn) stream.write('\r\x1b[2K')
    drawn = false
  }
  return {
    step(done, label) {
      if (!tty) {
        stream.write(`[${done}/${total}] ${label}\n`)
        return
      }
      const filled = total === 0 ? width : Math.round((done / total) * width)
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled)
      const columns = stream.columns ?? 80
      clear()
      stream.write(`${bar} ${done}/${total} ${label}`.slice(0, columns - 1))
      drawn = true
    },
    note(line) {
      clear()
      stream.write(`${line}\n`)
    },
    end() {
      clear()
    },
  }
}
