import { accessSync, constants, realpathSync, type Stats, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { UsageError } from './options.ts'

/**
 * Output paths are checked before a command sends its first request or opens a file for writing:
 * a path it could not write, or one that would destroy an input, is a usage error (exit 2) saying
 * why, and nothing has happened yet.
 */

const statOf = (path: string): Stats | undefined => {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/** The path with its links resolved where it exists (so two spellings of one file compare equal). */
const realOf = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

const shown = (path: string): string => {
  const rel = relative(process.cwd(), path)
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel
}

/** The folder a new file or folder at `path` goes into must be one we can write in (or make). */
const checkFolderFor = (option: string, path: string): void => {
  let dir = dirname(path)
  for (;;) {
    const found = statOf(dir)
    if (found) {
      if (!found.isDirectory()) {
        throw new UsageError(
          `${option} ${shown(path)}: ${shown(dir)} is a file, not a folder, so nothing can be written under it.`,
        )
      }
      try {
        accessSync(dir, constants.W_OK)
      } catch {
        throw new UsageError(`${option} ${shown(path)}: cannot write in the folder ${shown(dir)}.`)
      }
      return
    }
    const parent = dirname(dir)
    if (parent === dir) return
    dir = parent
  }
}

/** Refuses a target that is one of the command's inputs: writing it would replace what was read. */
const checkNotInput = (option: string, target: string, inputs: readonly string[]): void => {
  const real = realOf(target)
  const input = inputs.find((file) => realOf(resolve(file)) === real)
  if (input !== undefined) {
    throw new UsageError(
      `${option} ${shown(target)} is also an input of this command (${input}): writing it would replace what it reads. Name another file.`,
    )
  }
}

export interface OutputFileCheck {
  /** The option as the user wrote it, e.g. `--out`. */
  option: string
  /** Files the command reads: the output may not be one of them. */
  inputs?: readonly string[]
  /** An existing file is refused (never overwritten) with this advice, e.g. "name another file". */
  neverOverwrite?: string
}

/** Checks the file an option names can be written whole; its absolute path. */
export const checkOutputFile = (path: string, check: OutputFileCheck): string => {
  const target = resolve(path)
  const found = statOf(target)
  if (found?.isDirectory()) {
    throw new UsageError(`${check.option} ${shown(target)} is a folder: name a file.`)
  }
  checkNotInput(check.option, target, check.inputs ?? [])
  if (found && check.neverOverwrite !== undefined) {
    throw new UsageError(
      `${check.option} ${shown(target)} exists and is never overwritten: ${check.neverOverwrite}.`,
    )
  }
  checkFolderFor(check.option, target)
  return target
}

/** Checks the folder an option names can hold `files` (it is made if missing); its absolute path. */
export const checkOutputFolder = (
  path: string,
  check: { option: string; files: readonly string[]; inputs?: readonly string[] },
): string => {
  const target = resolve(path)
  const found = statOf(target)
  if (found && !found.isDirectory()) {
    throw new UsageError(
      `${check.option} ${shown(target)} is a file, not a folder: name a folder (it is made if missing).`,
    )
  }
  if (found) {
    try {
      accessSync(target, constants.W_OK)
    } catch {
      throw new UsageError(`${check.option} ${shown(target)}: cannot write in this folder.`)
    }
  } else checkFolderFor(check.option, target)
  for (const name of check.files) {
    const file = join(target, name)
    if (statOf(file)?.isDirectory()) {
      throw new UsageError(
        `${check.option} ${shown(target)}: ${name} in it is a folder, so the report cannot be written there.`,
      )
    }
    checkNotInput(check.option, file, check.inputs ?? [])
  }
  return target
}
