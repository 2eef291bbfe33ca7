import { lookupPage } from '../app/pageRegistry.ts';
import { PageUnderConstruction } from './PageUnderConstruction.tsx';

/** Renders the page registered under a menu component name, or the under-construction notice. */
export function RegisteredPage({ component, menuName }: { component: string | null; menuName?: string }) {
  const Page = lookupPage(component);
  if (!Page) return <PageUnderConstruction name={menuName} />;
  return <Page />;
}
