import type { Kysely } from 'kysely';
import { NOTICE_BACKGROUND_SUFFIXES, NOTICE_BACKGROUND_TEXT, NOTICE_DEFAULT_BACKGROUND, isNoticeBackgroundKey } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../plugins/errors.ts';

/*
 * A notice's background (issue 38): a whitelisted built-in key or an uploaded image. An uploaded
 * file counts as an image by its stored suffix, which the upload set from the file's content
 * (modules/file checks uploads by content), never from the name the writer typed.
 */
export interface NoticeBackgroundChoice {
  backgroundKey: string | null;
  backgroundFileId: string | null;
}

/** `file` is the already parsed id of an uploaded background; `rawKey` as the writer sent it. */
export async function resolveNoticeBackground(db: Kysely<Database>, rawKey: unknown, file: string | null): Promise<NoticeBackgroundChoice> {
  const key = rawKey === undefined || rawKey === null || rawKey === '' ? null : rawKey;
  if (key !== null && file !== null) throw badRequest(NOTICE_BACKGROUND_TEXT.both);
  if (file !== null) {
    const f = await db.selectFrom('sys_file').select('suffix').where('id', '=', file).executeTakeFirst();
    if (!f) throw badRequest(NOTICE_BACKGROUND_TEXT.unknown);
    if (!NOTICE_BACKGROUND_SUFFIXES.includes(f.suffix.toLowerCase())) throw badRequest(NOTICE_BACKGROUND_TEXT.notImage);
    return { backgroundKey: null, backgroundFileId: file };
  }
  if (key !== null && !isNoticeBackgroundKey(key)) throw badRequest(NOTICE_BACKGROUND_TEXT.unknown);
  return { backgroundKey: key ?? NOTICE_DEFAULT_BACKGROUND, backgroundFileId: null };
}

/** What readers and editors are given: a file, or a built-in key (the default when neither is stored). */
export const backgroundOf = (n: { background_key: string | null; background_file_id: string | null }) =>
  n.background_file_id ? { backgroundFileId: n.background_file_id, backgroundKey: null } : { backgroundFileId: null, backgroundKey: n.background_key ?? NOTICE_DEFAULT_BACKGROUND };
