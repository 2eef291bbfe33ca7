import type { ReactNode } from 'react';
import { App, Form, Modal, type ButtonProps, type FormInstance, type FormProps } from 'antd';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@park/core';

interface SaveOptions<V, R> {
  /** The call that stores the form's values. */
  save: (values: V) => Promise<R>;
  /** Closes the dialog; runs once the save has succeeded. */
  onClose: () => void;
  /** Queries the save changes, refreshed in this order after the dialog has closed. */
  refresh: readonly QueryKey[];
  /** The success message; 保存成功 unless the dialog does something else (复制 …). */
  savedText?: string;
  /** Runs after the dialog has closed, before the refresh, e.g. to show a new user's password. */
  afterClose?: (result: R, values: V) => void;
}

/**
 * The form and the save of an admin edit dialog. Every such dialog does the same after a save:
 * says 保存成功, closes, refreshes the lists it changed. A failed save stays open; the http client
 * has already shown the server's message.
 */
export function useEditDialog<V, R = unknown>({
  save,
  onClose,
  refresh,
  savedText,
  afterClose,
}: SaveOptions<V, R>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result, values) => {
      void message.success(savedText ?? ADMIN_TEXT.saved);
      onClose();
      afterClose?.(result, values);
      for (const queryKey of refresh) await queryClient.invalidateQueries({ queryKey });
    },
  });
  // Spread into <EditModal>: the form, its save and the way out belong together.
  return { form, save: mutation, onClose };
}

export interface EditModalProps<V> extends Omit<FormProps<V>, 'form' | 'onFinish' | 'title' | 'children'> {
  title: ReactNode;
  width?: number;
  form: FormInstance<V>;
  /** The save in progress (a mutation): 保存 spins while it runs and submits the values to it. */
  save: { isPending: boolean; mutate: (values: V) => void };
  onClose: () => void;
  okText?: string;
  okButtonProps?: ButtonProps;
  /** Shown above the form, e.g. a hint on what the dialog does. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * A modal holding one form: 保存 validates and submits it, 取消 and the close button leave it, and the
 * form is dropped on close so the next opening starts from its initial values. Form props (name,
 * layout, labelCol, initialValues …) pass through to the antd Form; its name prefixes the field ids.
 */
export function EditModal<V>({
  title,
  width,
  form,
  save,
  onClose,
  okText = '保存',
  okButtonProps,
  intro,
  children,
  ...formProps
}: EditModalProps<V>) {
  return (
    <Modal
      open
      title={title}
      width={width}
      okText={okText}
      cancelText="取消"
      okButtonProps={okButtonProps}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {intro}
      <Form<V> {...formProps} form={form} onFinish={(v) => save.mutate(v)}>
        {children}
      </Form>
    </Modal>
  );
}
