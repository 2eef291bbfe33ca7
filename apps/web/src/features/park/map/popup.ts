/** Popup content as DOM (Leaflet popups live outside React): lines of text and action buttons. */
export function popupContent(title: string, lines: Array<string | null>, actions: Array<{ label: string; run: () => void; danger?: boolean }> = []): HTMLElement {
  const box = document.createElement('div');
  box.className = 'park-popup';
  const h = document.createElement('div');
  h.className = 'park-popup-title';
  h.textContent = title;
  box.append(h);
  for (const line of lines) {
    if (!line) continue;
    const p = document.createElement('div');
    p.textContent = line;
    box.append(p);
  }
  if (actions.length) {
    const bar = document.createElement('div');
    bar.className = 'park-popup-actions';
    for (const a of actions) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = a.danger ? 'ant-btn ant-btn-primary ant-btn-dangerous ant-btn-sm' : 'ant-btn ant-btn-primary ant-btn-sm';
      b.textContent = a.label;
      b.addEventListener('click', a.run);
      bar.append(b);
    }
    box.append(bar);
  }
  return box;
}

/** A pin with a one-character label, coloured by what it is and its state. */
export function pinHtml(text: string, color: string, extraClass = ''): string {
  return `<span class="park-pin ${extraClass}" style="background:${color}">${text}</span>`;
}
