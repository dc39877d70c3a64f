import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { canUpgrade } from '../../lib/credits';

export function NoCreditsDialog({ plan, onClose }: { plan: string; onClose: () => void }) {
  const navigate = useNavigate();
  const upgradable = canUpgrade(plan);
  return (
    <Dialog title="No Credits Available" onClose={onClose}>
      <p className="text-slate-600 dark:text-slate-300">
        {upgradable
          ? 'You have used all your translation credits. Upgrade your plan to get credits and keep translating.'
          : 'You have used all your translation credits. Credits will be renewed automatically at the start of your next billing period.'}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          Maybe Later
        </Button>
        {upgradable && <Button onClick={() => navigate('/billing')}>Upgrade Plan</Button>}
      </div>
    </Dialog>
  );
}
