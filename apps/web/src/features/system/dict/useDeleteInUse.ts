/** Deleting dictionary types and entries, asking again when records still use them. */
import { App } from 'antd';
import { ADMIN_TEXT } from '@park/core';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { notifyError } from '../../../lib/feedback.ts';

/**
 * Deletes with the spec's confirmation; when records still use the entries, the server answers
 * 409 with how many, and the user is asked again with that number before it is forced.
 */
export function useDeleteInUse() {
  const { modal, message } = App.useApp();
  return (what: string, run: (force: boolean) => Promise<unknown>, after: () => Promise<unknown>) => {
    const done = async () => {
      void message.success(ADMIN_TEXT.deleted);
      await after();
    };
    modal.confirm({
      title: ADMIN_TEXT.deleteConfirm,
      content: what,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await run(false);
          await done();
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 409)) {
            notifyError(errorMessage(e, '删除失败'));
            throw e;
          }
          modal.confirm({
            title: '该字典项仍在使用',
            content: e.errMsg,
            okText: '仍然删除',
            cancelText: '取消',
            okButtonProps: { danger: true },
            onOk: async () => {
              await run(true);
              await done();
            },
          });
        }
      },
    });
  };
}
