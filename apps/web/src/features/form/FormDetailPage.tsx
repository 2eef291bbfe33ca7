import { Result } from 'antd';
import { useParams } from 'react-router';
import { FORM_ID_EMPTY, FORM_ID_NOT_NUMERIC } from '@park/core';
import { BackButton } from '../../lib/BackButton.tsx';
import { FormDetail } from '../../form/FormDetail.tsx';
import { FormLoader } from '../../form/FormLoader.tsx';

const ID = /^[1-9]\d{0,17}$/;

/** `/form/detail/N/R` and `/form/detail/N/R/{subKey}` (DESIGN §6.1): a record, read-only. */
export function FormDetailPage() {
  const { formId, recordId, subKey } = useParams();
  if (!formId) return <Result status="error" title={FORM_ID_EMPTY} />;
  if (!ID.test(formId)) return <Result status="error" title={FORM_ID_NOT_NUMERIC} />;
  if (!recordId || !ID.test(recordId)) return <Result status="error" title="记录ID不正确" />;
  return (
    <div className="form-page">
      <FormLoader key={`${formId}/${recordId}`} formId={Number(formId)} businessId={recordId} mode="detail">
        {(loaded) => <FormDetail loaded={loaded} subKey={subKey} extra={<BackButton fallback={`/form/list/${formId}`} />} />}
      </FormLoader>
    </div>
  );
}
