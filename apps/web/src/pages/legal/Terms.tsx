import { LegalPage } from './LegalPage';

export default function Terms() {
  return (
    <LegalPage title="Terms of Service">
      <h2>1. The service</h2>
      <p>
        BookTranslate translates books you upload (EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown, TXT) into other
        languages with AI and lets you download the results. You must hold the rights to the books you upload.
      </p>
      <h2>2. Who may use it</h2>
      <p>
        You must be at least 16 years old to use the service, or at least 13 years old in the United States.
      </p>
      <h2>3. Plans and payment</h2>
      <p>
        Paid plans (Reader and BookWorm) renew automatically each month or year until cancelled. Payments are
        handled by PayPal; we never store your card data.
      </p>
      <h2>4. Refunds</h2>
      <p>You may withdraw from a paid plan and receive a refund within 14 days of purchase.</p>
      <h2>5. Account deletion</h2>
      <p>
        You can delete your account at any time from Settings. Your account data is deleted within 30 days.
      </p>
      <h2>6. Governing law</h2>
      <p>
        The operator is based in Georgia. These terms are governed by the laws of Georgia, and the courts of
        Georgia have jurisdiction over any dispute.
      </p>
      <h2>7. Contact</h2>
      <p>Questions: use the support button at the bottom right of any page.</p>
    </LegalPage>
  );
}
