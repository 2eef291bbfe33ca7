import type { ComponentType, LazyExoticComponent } from 'react';
import type { PreviewKind } from '@park/core';
import type { PreviewFile } from '../api.ts';

export interface RendererProps {
  file: PreviewFile;
  /** The other files of the same field (the image viewer pages through its images). */
  siblings: PreviewFile[];
  /** Another sibling is shown (the dialog retitles itself). */
  onSelect: (file: PreviewFile) => void;
}

/** One renderer per kind; a kind without one is a type error (DESIGN.md §3: a registry, not a switch). */
export type RendererRegistry = Record<PreviewKind, LazyExoticComponent<ComponentType<RendererProps>>>;
