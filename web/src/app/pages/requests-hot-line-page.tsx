import { RequestListPage } from './requests-page';

/** /requests-hot-line 'Заявки головного исполнителя' (requests.md 2.2): performer kind SENIOR preset. */
export const RequestsHotLinePage = () => <RequestListPage list="hotLine" title="Заявки головного исполнителя" />;
