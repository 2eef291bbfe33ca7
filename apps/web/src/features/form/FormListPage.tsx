/** Menu component `FormCustom` (pageRegistry): the form list page lives in ./list (issue 8). */
export { FormListPage } from './list/FormListPage.tsx';
