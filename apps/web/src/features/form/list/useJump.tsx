import { useState, type ReactNode } from 'react';
import { App, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { BASE_PATH, jumpFrameSandbox, planJump, readJumpReply, type JumpPlan } from '@park/core';
import { ApiError, errorMessage, get, postJson, type Query } from '../../../lib/http.ts';

type DialogPlan = Extract<JumpPlan, { kind: 'dialog' }>;
type ApiPlan = Extract<JumpPlan, { kind: 'api' }>;

/** An API jump through the one HTTP client; its reply is read through respParamSet, not errCode alone. */
async function callApi(plan: ApiPlan): Promise<{ ok: boolean; message: string }> {
  try {
    const body =
      plan.method === 'POST'
        ? await postJson<unknown>(plan.url, plan.params, { silent: true })
        : await get<unknown>(plan.url, plan.params as Query, { silent: true });
    return readJumpReply(body, plan.errCodeField, plan.errMsgField);
  } catch (err) {
    // A non-zero errCode is still a reply the configured fields may describe.
    if (err instanceof ApiError && err.kind === 'api') return readJumpReply(err.body, plan.errCodeField, plan.errMsgField);
    return { ok: false, message: errorMessage(err, '操作失败') };
  }
}

/**
 * Custom jumps (spec 000 §3, spec 002 §2): a dialog holding the target in a frame (which drops
 * the shell's top bar there), the same window, a new window, or an API call. `onDone` runs after
 * an API call succeeds, so the list can refresh.
 */
export function useJump(onDone: () => void): { run(info: unknown, row: Record<string, unknown>): void; element: ReactNode } {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogPlan | null>(null);

  const run = (info: unknown, row: Record<string, unknown>) => {
    const plan = planJump(info, row);
    switch (plan.kind) {
      case 'error':
        void message.warning(plan.message);
        return;
      case 'dialog':
        setDialog(plan);
        return;
      case 'self':
        // Our own pages stay in the single-page app; anything else is a real navigation.
        if (plan.url.startsWith(`${BASE_PATH}/`)) void navigate(plan.url.slice(BASE_PATH.length));
        else window.location.assign(plan.url);
        return;
      case 'window':
        window.open(plan.url, '_blank', 'noopener');
        return;
      case 'api':
        void callApi(plan).then((r) => {
          if (r.ok) {
            void message.success(r.message);
            onDone();
          } else void message.error(r.message);
        });
        return;
    }
  };

  const full = dialog?.fullscreen ?? false;
  const element = (
    <Modal
      open={dialog !== null}
      title={dialog?.title || '详情'}
      width={full ? '100vw' : dialog?.width}
      className={full ? 'form-dialog-fullscreen list-jump-dialog' : 'list-jump-dialog'}
      style={full ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      footer={null}
      onCancel={() => setDialog(null)}
      destroyOnHidden
    >
      {dialog && (
        <iframe
          className={full ? 'list-jump-frame list-jump-frame-full' : 'list-jump-frame'}
          title={dialog.title || '详情'}
          src={dialog.url}
          sandbox={jumpFrameSandbox(dialog.url, window.location.origin) ?? undefined}
        />
      )}
    </Modal>
  );
  return { run, element };
}
