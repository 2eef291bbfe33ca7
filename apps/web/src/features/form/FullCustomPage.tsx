import { useState } from 'react';
import { Button, Card, Result } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { formIdFromPath } from '@park/core';
import { BackButton } from '../../lib/BackButton.tsx';
import { FormEditor } from '../../form/FormEditor.tsx';
import { FormLoader } from '../../form/FormLoader.tsx';

/**
 * `/full/custom/N`: the full-page add of form N (DESIGN §6.1). A form without sub-tables starts
 * a new record after each save; with sub-tables the saved parent stays, locked, for its rows,
 * and 新增下一条 starts over.
 */
export function FullCustomPage() {
  const { pathname } = useLocation();
  const parsed = formIdFromPath(pathname);
  const [round, setRound] = useState(0);
  const [kept, setKept] = useState(false);
  if (!parsed.ok) return <Result status="error" title={parsed.message} />;
  const next = () => {
    setKept(false);
    setRound((r) => r + 1);
  };
  return (
    <div className="form-page form-page-full">
      <FormLoader key={`${parsed.formId}-${round}`} formId={parsed.formId} mode="add">
        {(loaded) => (
          <Card
            title={loaded.definition.formName}
            extra={<BackButton fallback={`/form/list/${parsed.formId}`} />}
            variant="borderless"
            className="form-full-card"
          >
            <FormEditor
              definition={loaded.definition}
              mode="add"
              context={loaded.context}
              actions={
                kept ? (
                  <Button icon={<PlusOutlined />} onClick={next}>
                    新增下一条
                  </Button>
                ) : null
              }
              onSaved={(result) => {
                if (result.close) next();
                else setKept(true);
              }}
            />
          </Card>
        )}
      </FormLoader>
    </div>
  );
}
