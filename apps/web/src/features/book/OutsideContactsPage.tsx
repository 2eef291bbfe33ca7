import { BOOK_TEXT } from '@park/core';
import { EmptyState, ListPage } from '../../lib/ListPage.tsx';

/** 通讯录 › 外部联系人: a placeholder in the original too (screens-round3 §4.5). */
export function OutsideContactsPage() {
  return (
    <ListPage title="外部联系人">
      <EmptyState description={BOOK_TEXT.outsideEmpty} />
    </ListPage>
  );
}
