import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json') as { version: string };

/** The server package's version (semver). */
export const APP_VERSION: string = pkg.version;
