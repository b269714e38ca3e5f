export { createMock, type MockOptions } from './core/create.ts'
export { createMockCore, type MockCore, type MockCoreOptions } from './core/mock.ts'
export {
  type AnyJournalEntry,
  type JournalEntry,
  RequestJournal,
  type SentBody,
  type UnmatchedEntry,
} from './core/request-journal.ts'
export { createHandlers, DEFAULT_BASE_URL } from './msw/handlers.ts'
