#!/usr/bin/env node
// The launcher was this ES module; it is now bin.cjs (a CommonJS entry starts ~10 ms sooner).
// `npx engagement-mock` in a clone runs npx's own install of it, whose bin link was made when the
// launcher lived here and is not remade: this file keeps such links working.
import './bin.cjs'
