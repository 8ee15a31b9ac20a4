import { useSearchParams } from 'react-router';
import { ToolsCheckScreen } from '@/features/tools-check';

/** /tools-check?dialog=models|tools: the Administration menu's registry checks (equipment.md 2). */
export const ToolsCheckPage = () => {
  const [params] = useSearchParams();
  const dialog = params.get('dialog');
  return <ToolsCheckScreen show={dialog === 'models' || dialog === 'tools' ? dialog : 'all'} />;
};
