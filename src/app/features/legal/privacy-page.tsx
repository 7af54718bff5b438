/** Privacy Policy, written to the Data Protection Act No. 3 of 2021 of Zambia. */
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { legalContacts } from './legal-contacts';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2026-11-22';

const privacyEmail = <a href={`mailto:${legalContacts.privacy}`}>{legalContacts.privacy}</a>;

const sections: readonly LegalSection[] = [
  {
    id: 'controller',
    heading: 'Who is responsible for your data',
    content: (
      <>
        <p>
          Nambala is the data controller for the personal data described in this policy, within the meaning of the Data
          Protection Act No. 3 of 2021 (&lsquo;the Act&rsquo;). That means we decide why and how your data is processed,
          and we are answerable to you and to the Data Protection Commissioner for doing it lawfully.
        </p>
        <p>
          Our Data Protection Officer oversees how we handle personal data. You can reach them at {privacyEmail} or by
          writing to {legalContacts.postalAddress}.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    heading: 'The personal data we collect',
    content: (
      <>
        <ul>
          <li>
            <strong>Identity:</strong> your full name and National Registration Card (NRC) number.
          </li>
          <li>
            <strong>Contact details:</strong> your phone number, email address and physical or postal address.
          </li>
          <li>
            <strong>Vehicle details:</strong> the details in your vehicle&rsquo;s registration book (whitebook), such as
            make, model, year, colour and registration number, and the plates issued for it.
          </li>
          <li>
            <strong>Orders and payments:</strong> your applications, reservations, reference numbers, the payment
            method, amounts and the transaction reference from the payment provider. We do not receive your full card
            number or mobile-money PIN.
          </li>
          <li>
            <strong>Account data:</strong> your sign-in email, account type and, for agents and businesses, the business
            name and licence number. Passwords are stored only as a secure hash.
          </li>
          <li>
            <strong>Technical and security data:</strong> the device and browser you use, IP address, sign-in times and
            a record of verification lookups made by law-enforcement accounts.
          </li>
        </ul>
        <p>
          We collect this from you, from the plate maker who checks your documents, and from our payment providers. We
          do not collect sensitive personal data such as health or biometric data.
        </p>
      </>
    ),
  },
  {
    id: 'purposes',
    heading: 'Why we use it, and on what lawful basis',
    content: (
      <>
        <p>The Act allows us to process personal data only for a lawful purpose and on a lawful basis. Ours are:</p>
        <ul>
          <li>
            <strong>Handling your application, payment, manufacture and collection of your plates:</strong> necessary to
            perform our contract with you.
          </li>
          <li>
            <strong>
              Checking your NRC and whitebook before a plate is made, and keeping the register of issued plates:
            </strong>{' '}
            necessary to comply with our legal obligations and for the public interest in road safety and preventing
            vehicle crime.
          </li>
          <li>
            <strong>Answering verification checks and law-enforcement lookups:</strong> the same legal obligations and
            public interest.
          </li>
          <li>
            <strong>Keeping accounting and tax records of payments:</strong> necessary to comply with a legal
            obligation.
          </li>
          <li>
            <strong>Protecting the service, preventing fraud and logging access:</strong> our legitimate interest in a
            secure, trustworthy register, balanced against your rights.
          </li>
          <li>
            <strong>Service messages, such as status updates and renewal reminders:</strong> performance of our
            contract. We send marketing only if you have given your consent, which you can withdraw at any time.
          </li>
        </ul>
        <p>
          We do not sell your personal data, and we do not make decisions about you based solely on automated processing
          that have legal or similarly significant effects.
        </p>
      </>
    ),
  },
  {
    id: 'verification',
    heading: 'Verification and police lookups',
    content: (
      <>
        <p>
          <strong>The public verification service never shows an owner&rsquo;s personal data.</strong> Anyone who scans
          a plate&rsquo;s QR code or types its number sees only whether the plate is authentic, its status (valid,
          expired or revoked), its registration and expiry dates and a description of the vehicle. The QR code itself
          contains no personal data.
        </p>
        <p>
          Law-enforcement officers with verified accounts can see the registered owner of a plate when they need it for
          their duties. Every such lookup is logged with the officer, the time, the plate and the stated reason. We
          review the log for misuse, and you can ask us who has looked up your plate, unless the law requires us not to
          tell you, for example during a criminal investigation.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    content: (
      <ul>
        <li>
          The approved plate maker who fulfils your order, which receives the details it needs to check your documents
          and make your plates.
        </li>
        <li>Payment providers (mobile-money operators, banks and card processors), to take and refund payments.</li>
        <li>
          The Ministry of Transport, the Zambia Bureau of Standards and other competent authorities, when they audit the
          register or the law requires it.
        </li>
        <li>The Zambia Police Service and courts, when the law requires it or to prevent or investigate crime.</li>
        <li>
          Service providers who host and support Nambala for us, only under a written contract that binds them to
          process your data on our instructions and to keep it secure.
        </li>
      </ul>
    ),
  },
  {
    id: 'transfers',
    heading: 'Transfers outside Zambia',
    content: (
      <p>
        We store and process your personal data on servers located in Zambia. We transfer personal data outside Zambia
        only where the Act permits it, for example where the receiving country or organisation ensures an adequate level
        of protection and the transfer is necessary for a service you asked for, such as a card payment processed
        abroad. We tell you before any such transfer that is not part of a service you asked for.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    content: (
      <ul>
        <li>
          <strong>Plate and ownership records:</strong> for as long as the plate is valid, and for seven years after it
          expires or is revoked, because the authorities rely on the history of every plate.
        </li>
        <li>
          <strong>Payment records:</strong> for as long as Zambian tax and accounting law requires.
        </li>
        <li>
          <strong>Your account:</strong> while it is open. If you close it, we delete or anonymise your account data
          within 90 days, except records we must keep as described above.
        </li>
        <li>
          <strong>Law-enforcement lookup logs:</strong> for two years, or longer if they are needed for an investigation
          or complaint.
        </li>
        <li>
          <strong>Reservations that lapse and abandoned applications:</strong> for one year, then deleted.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    heading: 'How we protect it',
    content: (
      <>
        <p>
          We use appropriate technical and organisational measures to protect personal data, as the Act requires:
          encryption in transit and at rest, access limited to the staff and agents who need it for their role, audit
          logs of access to personal data, and regular security testing.
        </p>
        <p>
          The app keeps some data on your own device so it works offline. It stays in your browser&rsquo;s storage for
          this site and is sent to us only when you are online. You can remove it by clearing this site&rsquo;s data in
          your browser. If a breach ever puts your data at risk, we will notify the Data Protection Commissioner and you
          as the Act requires.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    content: (
      <>
        <p>Under the Act you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you and receive a copy of it;
          </li>
          <li>
            <strong>rectification</strong> of data that is inaccurate or incomplete;
          </li>
          <li>
            <strong>erasure</strong> of your data when we no longer need it or have no lawful basis to keep it. We
            cannot erase entries of the plate register while we must keep them by law;
          </li>
          <li>
            <strong>object</strong> to processing based on our legitimate interests, and to direct marketing at any
            time;
          </li>
          <li>
            <strong>portability</strong>: receive the data you gave us in a structured, machine-readable format, or have
            it sent to another controller;
          </li>
          <li>
            withdraw your consent at any time, where we rely on it, without affecting processing that took place before.
          </li>
        </ul>
        <p>
          To use any of these rights, email {privacyEmail}. We may ask you to prove your identity first, so that we
          never give your data to someone else. There is no charge, and we reply within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    content: (
      <p>
        Nambala is not meant for people under 18, and we do not knowingly collect their personal data. If you believe a
        child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'complaints',
    heading: 'Contact and complaints',
    content: (
      <>
        <p>
          For any question about this policy or your personal data, contact our Data Protection Officer at{' '}
          {privacyEmail}. For anything else, see our{' '}
          <RouterLink to={paths.aboutContact}>About &amp; Contact</RouterLink> page.
        </p>
        <p>
          If you are not satisfied with our answer, you have the right to complain to the supervisory authority, the{' '}
          <strong>Office of the Data Protection Commissioner</strong> in Lusaka, which enforces the Data Protection Act
          No. 3 of 2021.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    content: (
      <p>
        We update this policy when our processing or the law changes. The date at the top shows the latest version, and
        we tell account holders about significant changes by email before they take effect.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      summary="What personal data Nambala collects, why, who sees it and how long we keep it, and the rights the Data Protection Act No. 3 of 2021 gives you."
      sections={sections}
    />
  );
}
