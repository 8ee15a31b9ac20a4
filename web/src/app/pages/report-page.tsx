import { useLocation, useNavigate } from 'react-router';
import { courtReports } from '@domain/report/registry';
import { ReportDialog } from '@/features/report';
import { paths, reportPath } from '@/config/paths';

/**
 * /reports/{id} (menu Отчеты, decisions 87–96): the report's dialog over the home screen; closing it goes
 * home. One page for every report: the address names the report.
 */
export const ReportPage = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const report = courtReports.find((r) => reportPath(r.id) === pathname);
  if (!report) return null;
  return <ReportDialog key={report.id} report={report} open onClose={() => void navigate(paths.home)} />;
};
