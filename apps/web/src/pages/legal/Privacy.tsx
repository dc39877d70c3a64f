import { LegalPage } from './LegalPage';

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>1. What we collect</h2>
      <p>
        Your name, email address and, if you sign in with Google, your profile picture; the books you upload
        and their translations; your plan and payment history.
      </p>
      <h2>2. Payments</h2>
      <p>Payments are processed by PayPal. No card data is stored on our servers.</p>
      <h2>3. How we use it</h2>
      <p>
        To translate your books, run your account, send the emails you asked for, and answer support messages.
        We do not sell your data.
      </p>
      <h2>4. Retention and deletion</h2>
      <p>
        When you delete your account, your account data, books and translations are deleted within 30 days.
      </p>
      <h2>5. Children</h2>
      <p>The service is not for children: the minimum age is 16, or 13 in the United States.</p>
      <h2>6. Your rights and the law</h2>
      <p>
        The operator is based in Georgia and this policy is governed by Georgian law. You may ask for a copy
        of your data or its correction through the support form.
      </p>
    </LegalPage>
  );
}
