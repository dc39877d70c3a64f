import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wirePlan } from '../../api/mock/wire-billing';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { Landing } from './Landing';

const plans = {
  billing_period: 'month' as const,
  plans: [wirePlan('free'), wirePlan('reader'), wirePlan('bookworm')],
};

describe('Landing', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('shows the hero, the stats, #features and #pricing with yearly prices first', async () => {
    server = await startApiServer({ 'GET /billing/plans/': () => ({ json: plans }) });
    const { container } = renderWith(<Landing />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Read Any Book in Your Language');
    expect(screen.getByRole('link', { name: 'Start Translation' })).toHaveAttribute(
      'href',
      '/login?mode=signup',
    );
    for (const stat of ['55 min', '45+', '91%']) expect(screen.getByText(stat)).toBeInTheDocument();
    expect(container.querySelector('#features')).not.toBeNull();
    expect(container.querySelector('#pricing')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('$179')).toBeInTheDocument();
    expect(screen.getByText('Save $49')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByText('$19')).toBeInTheDocument();
  });
});
