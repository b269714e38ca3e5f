export { createApiHandler } from './api-host.ts'
export { type AppOptions, createApp } from './app.ts'
export { type RunningServer, type ServerOptions, startServer } from './listen.ts'
