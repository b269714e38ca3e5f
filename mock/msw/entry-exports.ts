// What every msw entry running a mock of its own (browser, node, storybook, playwright) exports
// beside its setup: the request journal and `override`. One list, so the entries cannot drift apart.
export {
  type AnyJournalEntry,
  type JournalEntry,
  RequestJournal,
  type SentBody,
  type UnmatchedEntry,
} from '../core/request-journal.ts'
export {
  type ErrorStatus,
  type OverrideAnswer,
  OverrideDriftError,
  type OverrideOptions,
  type OverrideResolver,
  override,
} from './override.ts'
