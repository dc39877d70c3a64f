import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireConfig, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { NoCreditsDialog } from './NoCreditsDialog';

describe('NoCreditsDialog', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('offers the upgrade when the server takes payments', async () => {
    server = await startApiServer({
      'GET /config/public': () => ({ json: wireConfig({ paypal_client_id: 'sb' }) }),
    });
    renderWith(<NoCreditsDialog plan="free" onClose={() => {}} />, { user: wireUser() });
    expect(await screen.findByRole('button', { name: 'Upgrade Plan' })).toBeInTheDocument();
    expect(screen.getByText(/Upgrade your plan to get credits/)).toBeInTheDocument();
  });

  it('sends nobody to a checkout that cannot work when payments are off', async () => {
    server = await startApiServer({
      'GET /config/public': () => ({ json: wireConfig({ paypal_client_id: null }) }),
    });
    renderWith(<NoCreditsDialog plan="free" onClose={() => {}} />, { user: wireUser() });
    expect(
      await screen.findByText(/Payments are not enabled on this server\. Ask the operator for credits\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
  });
});
