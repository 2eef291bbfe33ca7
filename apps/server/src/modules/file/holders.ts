import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';
import type { FileRow } from './repo.ts';

/**
 * What the file module asks of the modules that hold files, without importing them (files sit
 * below forms and jobs: issue 17). bootstrap.ts plugs in the form module's record rule and the
 * import/export module's job codes.
 */
export interface FileHolders {
  /** Whether `auth` may change a file the record `ref` holds, by that record's form rules. */
  mayEditHeld(ctx: AppContext, auth: AuthContext, ref: { form_id: string; record_id: string; sub_key: string | null }): Promise<boolean>;
  /** The file a name other than a file id stands for (an import/export job code), or null when `text` is no such name. */
  namedFile(ctx: AppContext, auth: AuthContext, text: string): Promise<FileRow | null>;
  /** Whether `auth` may read `file` because something it receives holds it (a notice's attachments, issue 38). */
  mayReadHeld?(ctx: Pick<AppContext, 'db'>, auth: AuthContext, file: FileRow): Promise<boolean>;
  /** Whether a holder keeps `file` from readers the generic rule would let in (a 个人文件夹 file: its owner and the park only). */
  keepsPrivate?(ctx: Pick<AppContext, 'db'>, auth: AuthContext, file: FileRow): Promise<boolean>;
}

/** The file holders are part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    fileHolders: FileHolders;
  }
}
