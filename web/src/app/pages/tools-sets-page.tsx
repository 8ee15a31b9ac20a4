import { useSearchParams } from 'react-router';
import { ToolsSetDialog, ToolsSetsScreen } from '@/features/tool-card';

const positive = (text: string | null): number | null => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /tools-sets (equipment.md 2): the sets list with the set dialog its address names: `?open={id}`
 * a set, `?new=1` a new one (the menu's 'Добавить комплект'), `?copy={id}` a copy.
 */
export const ToolsSetsPage = () => {
  const [params, setParams] = useSearchParams();
  const openId = positive(params.get('open'));
  const copyId = positive(params.get('copy'));
  const creating = params.get('new') === '1';
  const go = (key: 'open' | 'copy' | 'new', value: string) => setParams(new URLSearchParams({ [key]: value }));
  const close = () => setParams(new URLSearchParams(), { replace: true });
  return (
    <>
      <ToolsSetsScreen onOpen={(id) => go('open', String(id))} onCopy={(id) => go('copy', String(id))} onCreate={() => go('new', '1')} />
      {(openId !== null || copyId !== null || creating) && (
        <ToolsSetDialog
          key={`${openId}-${copyId}-${creating}`}
          setId={openId}
          copyFromId={openId === null ? copyId : null}
          onClose={close}
        />
      )}
    </>
  );
};
