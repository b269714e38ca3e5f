import type { AddressInfo } from 'node:net'
import express from 'express'

export interface StaticSite {
  url: string
  close: () => Promise<void>
}

/** A built folder, subfolders included, served on 127.0.0.1 at a free port (express.static). */
export const serveBuild = (dir: string): Promise<StaticSite> =>
  new Promise((done, fail) => {
    const app = express().use(express.static(dir))
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      done({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections()
            server.close(() => closed())
          }),
      })
    })
    server.on('error', fail)
  })
