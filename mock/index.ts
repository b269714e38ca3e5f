export type { MockCore, MockCoreOptions } from './core/mock.ts'
export {
  type AnyJournalEntry,
  type JournalEntry,
  RequestJournal,
  type SentBody,
  type UnmatchedEntry,
} from './core/request-journal.ts'
export { createMock, createMockCore, type MockOptions } from './create.ts'
export { createHandlers, DEFAULT_BASE_URL } from './msw/handlers.ts'
