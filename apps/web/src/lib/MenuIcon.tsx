import { renderMenuIcon } from './menuIconSet.tsx';

/** A menu's icon by its KHIcon glyph name (decorative: the menu name carries the meaning). */
export function MenuIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  return (
    <span className={className ? `menu-icon ${className}` : 'menu-icon'} aria-hidden="true">
      {renderMenuIcon(name)}
    </span>
  );
}
