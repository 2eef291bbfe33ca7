import { pageRegistry } from '../app/pageRegistry.ts';
import { PageUnderConstruction } from './PageUnderConstruction.tsx';

/** Renders the page registered under a menu component name, or the under-construction notice. */
export function RegisteredPage({ component, menuName }: { component: string | null; menuName?: string }) {
  // Indexed straight from the module-level registry: the component identity is stable across renders.
  const Page = component && Object.hasOwn(pageRegistry, component) ? pageRegistry[component] : undefined;
  if (!Page) return <PageUnderConstruction name={menuName} />;
  return <Page />;
}
