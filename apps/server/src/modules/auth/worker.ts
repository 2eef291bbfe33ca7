/**
 * The auth module's face for job threads (ADR 0005, 0033): the import/export thread rebuilds its
 * requester's rights from the database with loadCurrentUser. Nothing here holds the main thread's
 * state (sessions, login keys, the limiter); index.ts re-exports it.
 */
export { loadCurrentUser } from './userProfile.ts';
