import { createContext, useContext } from 'react';

/**
 * The page names a menu may open: the keys of app/pageRegistry.ts, handed down by the app's
 * providers so that a screen below the app (the menu editor) lists them without importing the
 * registry, which imports every screen (issue 17: that import closed a circle).
 */
export const PageNamesContext = createContext<readonly string[]>([]);

export function usePageNames(): readonly string[] {
  return useContext(PageNamesContext);
}
