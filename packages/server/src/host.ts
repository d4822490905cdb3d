/**
 * `@loreforge/server/host`: what a program that runs the app in its own process needs (the demo loader's command,
 * tools): build the app from a configuration, read the configuration from the environment, and mint an invite
 * code in the app's database. The database itself comes from `@loreforge/server/database`.
 */
export { buildApp } from './app.js';
export { loadConfig } from './config.js';
export { createInviteCode } from './modules/invites/invite.repository.js';
