import { canonicalPage } from '../lib/pageAliases.ts';
import { pageRegistry } from './pageRegistry.ts';
import { PageUnderConstruction } from '../shell/PageUnderConstruction.tsx';

/** Renders the page registered under a menu component name (or its original alias), or the under-construction notice. */
export function RegisteredPage({ component, menuName }: { component: string | null; menuName?: string }) {
  const name = canonicalPage(component);
  // Indexed straight from the module-level registry: the component identity is stable across renders.
  const Page = name && Object.hasOwn(pageRegistry, name) ? pageRegistry[name] : undefined;
  if (!Page) return <PageUnderConstruction name={menuName} />;
  return <Page />;
}
