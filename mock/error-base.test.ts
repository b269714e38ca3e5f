import { describe, expect, it } from 'vitest'
import { EngagementMockError } from '../contract/mock-error.ts'
import { UsageError } from './cli/shared/options.ts'
import { EnvError } from './conformance/engine/env.ts'
import { BudgetExhausted, ContractFailure, SetupBlocked } from './conformance/engine/failure.ts'
import { Divergence } from './conformance/explore/compare.ts'
import { ConformanceTestError } from './conformance/register-conformance.ts'
import { ConformanceOptionsError } from './conformance/run-conformance.ts'
import { NotStreamable } from './core/state-stream.ts'
import { NotFilled } from './core/store.ts'
import { DeploymentError } from './deployment/error.ts'
import { NotOffered } from './deployment/to-deployment.ts'
import { JournalError } from './http/state/journal-replay.ts'
import { OverrideDriftError } from './msw/override.ts'
import { StateFileError } from './state-file/file.ts'
import { HarError } from './traffic/har.ts'

const EVERY = {
  StateFileError,
  JournalError,
  UsageError,
  OverrideDriftError,
  HarError,
  NotOffered,
  DeploymentError,
  NotStreamable,
  NotFilled,
  ConformanceOptionsError,
  ConformanceTestError,
  ContractFailure,
  BudgetExhausted,
  SetupBlocked,
  EnvError,
  Divergence,
}

/** The classes whose constructor takes just a message. */
const MESSAGE_ONLY = {
  StateFileError,
  JournalError,
  UsageError,
  OverrideDriftError,
  HarError,
  DeploymentError,
  ConformanceOptionsError,
  ConformanceTestError,
  EnvError,
}

describe('the errors this package throws on purpose', () => {
  it.each(Object.entries(EVERY))('%s extends EngagementMockError (and Error)', (_, Class) => {
    expect(Class.prototype).toBeInstanceOf(EngagementMockError)
    expect(Class.prototype).toBeInstanceOf(Error)
  })

  it.each(Object.entries(MESSAGE_ONLY))('%s keeps its own name and message', (name, Class) => {
    const error = new Class('what went wrong')
    expect(error).toBeInstanceOf(Class)
    expect(error).toBeInstanceOf(EngagementMockError)
    expect(error.name).toBe(name)
    expect(error.message).toBe('what went wrong')
  })

  it('a ContractFailure subclass is still a ContractFailure with its own name', () => {
    const error = new BudgetExhausted('budget spent')
    expect(error).toBeInstanceOf(ContractFailure)
    expect(error).toBeInstanceOf(EngagementMockError)
    expect(error.name).toBe('BudgetExhausted')
  })

  it('NotOffered keeps its name, key and summary', () => {
    const error = new NotOffered('forms.create')
    expect(error).toBeInstanceOf(EngagementMockError)
    expect(error.name).toBe('NotOffered')
    expect(error.key).toBe('forms.create')
    expect(error.message).toBe(error.summary)
  })
})
