import { useLocation, useNavigate } from 'react-router';
import { technicalDocuments } from '@domain/report/technical/documents';
import { paths, technicalDocPath } from '@/config/paths';
import { TechnicalDocDialog } from '@/features/technical-docs/technical-doc-dialog';

/** /technical-docs/{id} (menu Документация, issue 15): the document's dialog over the home screen; closing goes home. */
export const TechnicalDocPage = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const doc = technicalDocuments.find((d) => technicalDocPath(d.id) === pathname);
  if (!doc) return null;
  return <TechnicalDocDialog key={doc.id} doc={doc} onClose={() => void navigate(paths.home)} />;
};
