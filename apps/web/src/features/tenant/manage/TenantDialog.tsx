import { App, Form, Input, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  checkTenantEmail,
  checkTenantPhone,
  checkTenantRegion,
  checkTenantText,
  tenantLocation,
  TENANT_TEXT,
  type AddTenantReply,
  type TenantInput,
  type TenantRow,
  type TenantTextField,
} from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { useShowPasswordOnce } from '../../system/common.tsx';
import { addTenant, TENANT_QUERY_ROOT, tenantNameTaken, tenantPhoneTaken, updateTenant } from './api.ts';
import { RegionCascader, type RegionPick } from './RegionCascader.tsx';

interface TenantFormValues {
  tenantName: string;
  industry: string;
  region: RegionPick | null;
  address: string;
  contact: string;
  phone: string;
  email: string;
  status: boolean;
}

/** The shared rules of packages/core as antd validators: the browser says what the server would. */
const textRule = (field: TenantTextField): Rule => ({
  validator: async (_r, v: string | undefined) => {
    const problem = checkTenantText(field, v);
    if (problem) throw new Error(problem);
  },
});
const checkRule = (check: (v: string | undefined) => string | null): Rule => ({
  validator: async (_r, v: string | undefined) => {
    const problem = check(v);
    if (problem) throw new Error(problem);
  },
});

/**
 * 新增租户 / 修改租户 (600px, screens-round3 §1.1): the original's fields, rules and messages. 新增
 * makes the tenant's 主管理员, whose login is the contact phone; its initial password is shown once.
 */
export function TenantDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose(): void }) {
  const { message } = App.useApp();
  const showPassword = useShowPasswordOnce();
  const editing = tenant !== null;
  const dialog = useEditDialog<TenantFormValues, AddTenantReply | unknown>({
    save: (v) => {
      const region = v.region!;
      const input: TenantInput = {
        ...(editing ? { id: tenant.id } : {}),
        tenantName: v.tenantName.trim(),
        industry: v.industry.trim(),
        address: v.address.trim(),
        contact: v.contact.trim(),
        phone: editing ? (tenant.phone ?? '') : v.phone.trim(),
        email: v.email.trim(),
        status: v.status ? 1 : 0,
        lat: tenant?.lat ?? null,
        lnt: tenant?.lnt ?? null,
        ...region,
        location: tenantLocation(region.provice, region.city, region.area),
      };
      return editing ? updateTenant(input) : addTenant(input);
    },
    onClose,
    refresh: [TENANT_QUERY_ROOT],
    savedText: editing ? TENANT_TEXT.updated : TENANT_TEXT.added,
    afterClose: (result) => {
      const made = result as AddTenantReply | undefined;
      if (!editing && made?.password) showPassword(made.username, made.password, '新增租户成功！登录账号为手机号码');
    },
  });

  const region: RegionPick | null =
    tenant?.proviceCode && tenant.cityCode && tenant.areaCode
      ? {
          provice: tenant.provice ?? '',
          proviceCode: tenant.proviceCode,
          city: tenant.city ?? '',
          cityCode: tenant.cityCode,
          area: tenant.area ?? '',
          areaCode: tenant.areaCode,
        }
      : null;

  return (
    <EditModal<TenantFormValues>
      title={editing ? '修改租户' : '新增租户'}
      width={600}
      {...dialog}
      name="tenant"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      validateTrigger="onBlur"
      initialValues={{
        tenantName: tenant?.tenantName ?? '',
        industry: tenant?.industry ?? '',
        region,
        address: tenant?.address ?? '',
        contact: tenant?.contact ?? '',
        phone: tenant?.phone ?? '',
        email: tenant?.email ?? '',
        status: tenant ? tenant.status === 1 : true,
      }}
      onFinishFailed={({ errorFields }) => {
        // The original warns about an incomplete region apart from the field messages.
        if (errorFields.some((f) => f.name[0] === 'region')) void message.warning(TENANT_TEXT.regionIncomplete);
      }}
    >
      <Form.Item
        label="租户名称"
        name="tenantName"
        required
        rules={[
          textRule('tenantName'),
          {
            validator: async (_r, v: string | undefined) => {
              if (checkTenantText('tenantName', v)) return;
              if (await tenantNameTaken(v!.trim(), tenant?.id)) throw new Error(TENANT_TEXT.nameTaken);
            },
          },
        ]}
      >
        <Input maxLength={50} placeholder="请输入租户名称" />
      </Form.Item>
      <Form.Item label="行业" name="industry" required rules={[textRule('industry')]}>
        <Input maxLength={50} placeholder="请输入行业" />
      </Form.Item>
      <Form.Item
        label="所在地"
        name="region"
        required
        validateTrigger="onChange"
        rules={[
          {
            validator: async (_r, v: RegionPick | null | undefined) => {
              if (checkTenantRegion(v ?? {})) throw new Error(TENANT_TEXT.regionIncomplete);
            },
          },
        ]}
      >
        <RegionCascader />
      </Form.Item>
      <Form.Item label="详细地址" name="address" required rules={[textRule('address')]}>
        <Input maxLength={50} placeholder="请输入详细地址" />
      </Form.Item>
      <Form.Item label="联系人姓名" name="contact" required rules={[textRule('contact')]}>
        <Input maxLength={50} placeholder="请输入联系人姓名" />
      </Form.Item>
      <Form.Item
        label="联系人手机号码"
        name="phone"
        required
        extra={editing ? '主管理员的登录账号，不能修改' : '将作为租户主管理员的登录账号'}
        rules={
          editing
            ? []
            : [
                checkRule(checkTenantPhone),
                {
                  validator: async (_r, v: string | undefined) => {
                    if (checkTenantPhone(v)) return;
                    if (await tenantPhoneTaken(v!.trim())) throw new Error(TENANT_TEXT.phoneTaken);
                  },
                },
              ]
        }
      >
        <Input maxLength={11} disabled={editing} placeholder="请输入联系人手机号码" />
      </Form.Item>
      <Form.Item label="联系人邮箱" name="email" required rules={[checkRule(checkTenantEmail)]}>
        <Input maxLength={100} placeholder="请输入联系人邮箱" />
      </Form.Item>
      <Form.Item label="启用状态" name="status" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="禁用" />
      </Form.Item>
    </EditModal>
  );
}
