/**
 * Test files that need modules of their own: each replaces a module (`vi.mock`) under the code it
 * tests, which a worker that keeps its modules from file to file (the unit project's
 * `isolate: false`) would already have loaded unmocked. They run in the `unit-isolated` project;
 * test/own-modules.test.ts fails when a file mocking a module is missing here.
 */
export const OWN_MODULES = ['test/hardening/state-file.test.ts', 'mock/core/one-read.test.ts']
