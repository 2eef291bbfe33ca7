import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { FormMeta } from '@park/core';
import { stubHttp } from '../../../test/http.ts';
import { useDraftAutosave } from './useDraftAutosave.ts';

const FORM = 7;
const DRAFT = `POST /api/form/design/${FORM}/draft`;
const restored: FormMeta = { list: [], config: { labelWidth: 120 } } as unknown as FormMeta;
const edited: FormMeta = { list: [], config: { labelWidth: 160 } } as unknown as FormMeta;

/** Longer than the autosave's quiet time (800 ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('useDraftAutosave', () => {
  it('does not send a restored draft back unchanged; sends each edit, and an undo back to it', async () => {
    const http = stubHttp({ [DRAFT]: { errCode: 0 } });
    const { result, rerender } = renderHook(({ meta }) => useDraftAutosave(FORM, meta, true, true), {
      initialProps: { meta: restored },
    });
    expect(result.current).toBe('saved');
    await settle();
    expect(http.to(DRAFT)).toHaveLength(0);

    rerender({ meta: edited });
    await waitFor(() => expect(http.to(DRAFT)).toHaveLength(1));
    expect(http.to(DRAFT)[0]!.body).toEqual({ formMeta: edited });

    // The server now holds the edit, so going back to the restored design must be sent.
    rerender({ meta: restored });
    await waitFor(() => expect(http.to(DRAFT)).toHaveLength(2));
    expect(http.to(DRAFT)[1]!.body).toEqual({ formMeta: restored });
    await waitFor(() => expect(result.current).toBe('saved'));
  });
});
