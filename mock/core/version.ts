/**
 * The package version, as the browser store's key: a state saved by another version is never
 * loaded (mock/core/version.test.ts fails when it differs from package.json).
 */
export const PACKAGE_VERSION = '0.1.0'
