import type { AutoReportTarget } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { AuthContext } from '../../auth/index.ts';
import type { AutoReportRow } from '../repo.ts';

/** A rendered attachment, ready for modules/file. */
export interface Rendered {
  buffer: Buffer;
  name: string;
  suffix: string;
  mime: string;
}

/** Renders what a schedule sends, reading only what `owner` may read (ADR 0057). */
export type Renderer = (ctx: AppContext, owner: AuthContext, schedule: AutoReportRow) => Promise<Rendered>;

export type RendererMap = Record<AutoReportTarget, Renderer>;
