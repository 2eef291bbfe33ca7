import { useEffect, useRef, useState } from 'react';
import type { FormMeta } from '@park/core';
import { discardDraft, saveDraft } from './api.ts';

/** Quiet time after the last edit before the draft goes to the server. */
const AUTOSAVE_DELAY_MS = 800;

export type DraftState = 'none' | 'saving' | 'saved' | 'failed';

/**
 * Keeps the server's draft of this form (issue 26) in step with the canvas: unpublished work is
 * saved a moment after each edit, and a design that is back to the published one leaves no draft.
 * A pending save is sent when the designer unmounts (a route change), so nothing typed is lost.
 */
export function useDraftAutosave(formId: number, meta: FormMeta, dirty: boolean, hasStoredDraft: boolean): DraftState {
  const [state, setState] = useState<DraftState>(hasStoredDraft ? 'saved' : 'none');
  const stored = useRef(hasStoredDraft);
  /** The design the server's draft holds: a restored draft is not sent back unchanged. */
  const sent = useRef<FormMeta | null>(hasStoredDraft ? meta : null);
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty && !stored.current) return;
    if (dirty && meta === sent.current) return;
    const run = () => {
      pending.current = null;
      if (dirty) {
        setState('saving');
        stored.current = true;
        sent.current = meta;
        saveDraft(formId, meta).then(
          () => setState('saved'),
          () => {
            if (sent.current === meta) sent.current = null;
            setState('failed');
          },
        );
      } else {
        stored.current = false;
        sent.current = null;
        setState('none');
        void discardDraft(formId).catch(() => undefined);
      }
    };
    pending.current = run;
    const timer = setTimeout(run, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [formId, meta, dirty]);

  // Leaving the page (the route blocker already asked) still saves the last edit.
  useEffect(() => () => pending.current?.(), []);

  return state;
}

/** What the toolbar says about the draft. */
export const DRAFT_LABELS: Record<DraftState, string | null> = {
  none: null,
  saving: '草稿保存中…',
  saved: '草稿已自动保存',
  failed: '草稿保存失败，请勿关闭页面',
};
