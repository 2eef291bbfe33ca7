import { useDraggable } from '@dnd-kit/core';
import { CONTROL_TEMPLATES, PALETTE_GROUPS, type ControlType } from '@park/core';
import type { DragData } from './dnd.ts';

/** A palette entry: drag it onto the canvas, or click it to add it after the selection. */
function PaletteItem({ type, onAdd }: { type: ControlType; onAdd(type: ControlType): void }) {
  const data: DragData = { from: 'palette', type };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette:${type}`, data });
  const name = String(CONTROL_TEMPLATES[type].name ?? type);
  return (
    <div
      ref={setNodeRef}
      className={isDragging ? 'dz-palette-item dz-dragging' : 'dz-palette-item'}
      data-type={type}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      title={`${name}（${type}）`}
      onClick={() => onAdd(type)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onAdd(type);
      }}
    >
      {name}
    </div>
  );
}

/** Every control type, grouped as the reference designer groups them. */
export function Palette({ onAdd }: { onAdd(type: ControlType): void }) {
  return (
    <div className="dz-palette" data-testid="designer-palette">
      {PALETTE_GROUPS.map((group) => (
        <section key={group.key} className="dz-palette-group">
          <h4>{group.title}</h4>
          <div className="dz-palette-grid">
            {group.types.map((type) => (
              <PaletteItem key={type} type={type} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

export function paletteName(type: ControlType): string {
  return String(CONTROL_TEMPLATES[type].name ?? type);
}
