import { useLocation, useNavigate } from 'react-router';
import { technicalReports } from '@domain/report/registry';
import { paths, technicalDocPath } from '@/config/paths';
import { ReportDialog } from '@/features/report';

/** /technical-docs/{id} (menu Документация, decisions 87–96): the document's report dialog over the home screen; closing goes home. */
export const TechnicalDocPage = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const report = technicalReports.find((r) => technicalDocPath(r.id) === pathname);
  if (!report) return null;
  return <ReportDialog key={report.id} report={report} open onClose={() => void navigate(paths.home)} />;
};
