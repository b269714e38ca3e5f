export { createMockCore, type MockCore, type MockCoreOptions } from './core/mock.ts'
export { createMock, type MockOptions } from './create.ts'
export { createHandlers, DEFAULT_BASE_URL } from './msw/handlers.ts'
