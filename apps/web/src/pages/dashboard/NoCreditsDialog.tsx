import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { PAYMENTS_OFF_MESSAGE, usePaymentsOff } from '../../hooks/usePaymentsOff';
import { canUpgrade } from '../../lib/credits';

export function NoCreditsDialog({ plan, onClose }: { plan: string; onClose: () => void }) {
  const navigate = useNavigate();
  // Without payments on the server the checkout is a dead end: the operator grants credits instead.
  const paymentsOff = usePaymentsOff();
  const upgradable = canUpgrade(plan) && !paymentsOff;
  let advice = 'Credits will be renewed automatically at the start of your next billing period.';
  if (paymentsOff) advice = PAYMENTS_OFF_MESSAGE;
  else if (upgradable) advice = 'Upgrade your plan to get credits and keep translating.';
  return (
    <Dialog title="No Credits Available" onClose={onClose}>
      <p className="text-slate-600 dark:text-slate-300">
        You have used all your translation credits. {advice}
      </p>
      <DialogActions onClose={onClose} closeLabel="Maybe Later">
        {upgradable && <Button onClick={() => navigate('/billing')}>Upgrade Plan</Button>}
      </DialogActions>
    </Dialog>
  );
}
