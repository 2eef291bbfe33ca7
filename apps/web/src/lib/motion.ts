/*
 * A person who asked their system for less motion gets none: antd's dialogs, menus and messages
 * appear and go at once, and charts draw without their entry animation. The e2e tests ask for it
 * too (Playwright's reducedMotion), which spares the 2-core CI box thousands of animation frames.
 */
export const REDUCED_MOTION = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
