import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { GuestOnly, ProtectedRoute } from './auth/ProtectedRoute';
import { Layout } from './components/Layout';
import { PricingRedirect } from './components/PricingRedirect';
import { Landing } from './pages/landing/Landing';
import Privacy from './pages/legal/Privacy';
import Terms from './pages/legal/Terms';
import Login from './pages/login/Login';

// Every screen but the pre-rendered public pages is its own chunk, so visitors download only what they
// see. Those pages are in the app's chunk: a click on one before it is hydrated can only be replayed
// once hydration completes, which a lazy page inside a suspended boundary would put off (decision 305).
const AuthCallback = lazy(() => import('./pages/AuthCallback'));
const ForgotPassword = lazy(() => import('./pages/password/ForgotPassword'));
const ResetPassword = lazy(() => import('./pages/password/ResetPassword'));
const ConfirmEmail = lazy(() => import('./pages/email/ConfirmEmail'));
const Dashboard = lazy(() => import('./pages/dashboard/Dashboard'));
const Profile = lazy(() => import('./pages/profile/Profile'));
const Billing = lazy(() => import('./pages/billing/Billing'));
const BillingSuccess = lazy(() => import('./pages/billing/BillingSuccess'));
const BillingCancel = lazy(() => import('./pages/billing/BillingCancel'));
const Payment = lazy(() => import('./pages/payment/Payment'));
const PaymentSuccess = lazy(() => import('./pages/payment/PaymentSuccess'));
const Reader = lazy(() => import('./pages/reader/Reader'));

const guarded = (node: React.ReactNode) => <ProtectedRoute>{node}</ProtectedRoute>;

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route
          index
          element={
            <GuestOnly>
              <Landing />
            </GuestOnly>
          }
        />
        <Route
          path="login"
          element={
            <GuestOnly>
              <Login />
            </GuestOnly>
          }
        />
        <Route path="auth/callback" element={<AuthCallback />} />
        <Route path="forgot-password" element={<ForgotPassword />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route path="confirm-email" element={<ConfirmEmail />} />
        <Route path="payment" element={<Payment />} />
        <Route path="payment-success" element={<PaymentSuccess />} />
        <Route path="terms-of-service" element={<Terms />} />
        <Route path="privacy-policy" element={<Privacy />} />
        <Route path="dashboard" element={guarded(<Dashboard />)} />
        <Route path="upload" element={<Navigate to="/dashboard#upload" replace />} />
        <Route path="profile" element={guarded(<Profile />)} />
        <Route path="billing" element={guarded(<Billing />)} />
        <Route path="books/:bookId/translations/:translationId/read" element={guarded(<Reader />)} />
        <Route path="pricing" element={<PricingRedirect />} />
        <Route path="billing/upgrade" element={<Navigate to="/billing" replace />} />
        <Route path="billing/success" element={guarded(<BillingSuccess />)} />
        <Route path="billing/cancel" element={guarded(<BillingCancel />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
