import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../api/mock/wire';
import { renderWith } from '../test/render';
import { Footer } from './Footer';
import { PricingRedirect } from './PricingRedirect';

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{pathname + hash}</p>;
}

const pricingRoutes = (
  <Routes>
    <Route path="/pricing" element={<PricingRedirect />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('pricing links', () => {
  it('send visitors to the landing pricing and members to the billing plans', () => {
    const { unmount } = renderWith(<Footer />);
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(screen.getByRole('link', { name: 'Features' })).toBeInTheDocument();
    unmount();
    renderWith(<Footer />, { user: wireUser() });
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/billing#pricing-tiers');
    expect(screen.queryByRole('link', { name: 'Features' })).toBeNull();
  });

  it('/pricing redirects by sign-in state', () => {
    const { unmount } = renderWith(pricingRoutes, { path: '/pricing' });
    expect(screen.getByTestId('where')).toHaveTextContent('/#pricing');
    unmount();
    renderWith(pricingRoutes, { path: '/pricing', user: wireUser() });
    expect(screen.getByTestId('where')).toHaveTextContent('/billing#pricing-tiers');
  });
});
