export { createMock, type MockOptions } from './core/create.ts'
export { createMockCore, type MockCore, type MockCoreOptions } from './core/mock.ts'
export { createHandlers, DEFAULT_BASE_URL } from './msw/handlers.ts'
