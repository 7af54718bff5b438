/** Compliance: the standards and approvals behind every Nambala plate, and how fraud is kept out. */
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { legalContacts } from './legal-contacts';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2026-11-22';

const sections: readonly LegalSection[] = [
  {
    id: 'standards',
    heading: 'Zambia Bureau of Standards plate specification',
    content: (
      <>
        <p>
          Every plate sold through Nambala is manufactured to the Zambia Bureau of Standards (ZABS) specification for
          vehicle registration plates. The specification sets the plate&rsquo;s material and dimensions, the
          retro-reflective sheeting, the colours, and the font, height and spacing of the characters, so that a plate is
          legible by day, at night and to cameras.
        </p>
        <ul>
          <li>
            Plate blanks and reflective sheeting come only from suppliers whose products meet the ZABS specification,
            and every batch carries a batch number.
          </li>
          <li>
            Plate makers record the batch number and production date of every plate they make, so any plate can be
            traced back to its materials.
          </li>
          <li>
            Samples from production are inspected, and a batch that fails inspection is withdrawn before it reaches a
            vehicle.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ministry',
    heading: 'Ministry of Transport approval',
    content: (
      <>
        <p>
          Nambala is approved by the Ministry of Transport to take applications and payments for licence plates online,
          to allocate plate numbers, to direct orders to approved plate makers and to run the plate verification
          service.
        </p>
        <p>
          Plate numbers are allocated in line with the national vehicle register, so no number is ever issued twice.
          Approval is reviewed regularly, and we report to the Ministry on issued, expired and revoked plates and on the
          plate makers we work with.
        </p>
      </>
    ),
  },
  {
    id: 'plate-makers',
    heading: 'Approved plate makers and their licences',
    content: (
      <>
        <p>
          Only approved plate makers, which we call agents, can receive orders and manufacture Nambala plates. To be
          approved, a plate maker must:
        </p>
        <ul>
          <li>
            hold a valid licence to manufacture vehicle registration plates, whose number we check with the issuing
            authority before the agent account is activated;
          </li>
          <li>show that its process produces plates to the ZABS specification;</li>
          <li>
            check the buyer&rsquo;s whitebook and NRC against every order before manufacture, and record every plate it
            makes and hands over;
          </li>
          <li>keep its stock of blanks secure and account for every blank by batch.</li>
        </ul>
        <p>
          We re-check every licence when it is due for renewal. If a licence lapses or is suspended, the agent&rsquo;s
          account is suspended at once and its open orders move to another approved plate maker. You can ask us whether
          a plate maker is approved at <a href={`mailto:${legalContacts.compliance}`}>{legalContacts.compliance}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'qr-credential',
    heading: 'The signed QR credential',
    content: (
      <>
        <p>Each plate carries a unique QR code that holds a small digital credential. It contains:</p>
        <ul>
          <li>the plate number;</li>
          <li>the dates the plate was issued and expires;</li>
          <li>an identifier of the plate maker that made it;</li>
          <li>a digital signature made with Nambala&rsquo;s private signing key.</li>
        </ul>
        <p>
          The credential contains no personal data. Changing any character of it breaks the signature, and a code copied
          onto another plate no longer matches the number on that plate. Because the signature can be checked with our
          public key alone, a plate can be verified without a network connection at the roadside; when the device is
          online it also checks whether the plate has since been revoked.
        </p>
        <p>
          The private key never leaves our signing service. Keys are replaced on a schedule, and earlier public keys are
          kept so that plates signed with them still verify. Try it on the{' '}
          <RouterLink to={paths.verification}>plate verification</RouterLink> page.
        </p>
      </>
    ),
  },
  {
    id: 'records',
    heading: 'Record keeping',
    content: (
      <>
        <p>
          We keep a complete history of every plate: the application, the payment, the document check, manufacture
          (batch number and production date), collection, renewals, and every change of status, each with the time and
          the person or system responsible.
        </p>
        <ul>
          <li>Records are added to, never overwritten, so the history of a plate cannot be quietly changed.</li>
          <li>
            Plate records are kept for as long as the plate is valid and for seven years after it expires or is revoked.
          </li>
          <li>
            The Ministry of Transport and the Zambia Bureau of Standards can audit the records; personal data in them is
            protected as our <RouterLink to={paths.privacy}>Privacy Policy</RouterLink> describes.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'anti-fraud',
    heading: 'Preventing fraud',
    content: (
      <ul>
        <li>
          <strong>Documents first:</strong> no plate is made until the buyer&rsquo;s whitebook and NRC have been checked
          against the order.
        </li>
        <li>
          <strong>One number, one vehicle:</strong> a number can be issued, reserved or sold only once, and plates are
          issued only for the vehicle in the order.
        </li>
        <li>
          <strong>Counted blanks:</strong> every blank plate is tracked by batch, and stock is reconciled against the
          plates recorded as made, so missing blanks are noticed.
        </li>
        <li>
          <strong>Fast revocation:</strong> a plate reported lost or stolen, or obtained with false documents, is
          revoked at once and shows as revoked to everyone who verifies it.
        </li>
        <li>
          <strong>Watching for misuse:</strong> unusual patterns, such as one plate being verified in distant places at
          the same time, are flagged for review, and law-enforcement lookups are logged.
        </li>
      </ul>
    ),
  },
  {
    id: 'report',
    heading: 'Reporting a concern',
    content: (
      <p>
        If you suspect a plate is forged or cloned, or that a plate maker is not following these rules, tell us at{' '}
        <a href={`mailto:${legalContacts.compliance}`}>{legalContacts.compliance}</a>. Where a crime may be involved,
        please also report it to the Zambia Police Service. You can read how we handle your data in our{' '}
        <RouterLink to={paths.privacy}>Privacy Policy</RouterLink> and the rules of the service in our{' '}
        <RouterLink to={paths.terms}>Terms of Service</RouterLink>.
      </p>
    ),
  },
];

export function CompliancePage() {
  return (
    <LegalPage
      title="Compliance"
      lastUpdated={LAST_UPDATED}
      summary="Nambala is compliant with and approved by the Zambia Bureau of Standards and the Ministry of Transport. This page explains what that means for every plate we issue and every plate maker we work with."
      sections={sections}
    />
  );
}
