/** Terms of Service: the agreement between Nambala and everyone who uses it. */
import { Link as RouterLink } from 'react-router-dom';
import { formatKwacha, formatZmw } from '#domain/money/money';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import { paths } from '../../config/paths';
import { legalContacts } from './legal-contacts';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2026-11-22';

// The figures the terms quote are the published defaults, so the terms and the price list cannot drift apart.
const pricing = DEFAULT_PRICING;
const reservationFee = formatZmw(pricing.reservationFee);
const reservationDays = pricing.reservationDays;
const validityYears = pricing.validityYears;

const sections: readonly LegalSection[] = [
  {
    id: 'about',
    heading: 'About these terms',
    content: (
      <>
        <p>
          These terms govern your use of Nambala, the online service for buying, reserving, registering and verifying
          Zambian vehicle licence plates, on the web and as an installed app. &lsquo;We&rsquo;, &lsquo;us&rsquo; and
          &lsquo;Nambala&rsquo; mean the operator of the service; &lsquo;you&rsquo; means anyone who uses it.
        </p>
        <p>
          By creating an account, placing an order or reservation, or using the verification service, you agree to these
          terms. Our <RouterLink to={paths.privacy}>Privacy Policy</RouterLink> explains how we handle your personal
          data, and our <RouterLink to={paths.compliance}>Compliance</RouterLink> page explains the standards our plates
          and plate makers meet.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    content: (
      <>
        <p>You need an account to buy or reserve plates, and to use the dashboards. When you open one:</p>
        <ul>
          <li>you must be at least 18 years old and able to enter into a binding agreement under Zambian law;</li>
          <li>
            the details you give, including your full name, National Registration Card (NRC) number, phone number, email
            and address, must be true, current and your own;
          </li>
          <li>
            you must choose the account type that describes you: Individual Driver, Fleet Owner, Corporate Account,
            Agent (plate maker) or Law Enforcement. Agent and law-enforcement accounts are activated only after we have
            checked your business licence or your authority;
          </li>
          <li>
            you must keep your password secret and tell us at once at{' '}
            <a href={`mailto:${legalContacts.support}`}>{legalContacts.support}</a> if you think someone else has used
            your account.
          </li>
        </ul>
        <p>
          You are responsible for what is done through your account. We may suspend or close an account that gives false
          information, breaks these terms or is used for fraud, and we will tell you why unless the law or an
          investigation prevents it.
        </p>
      </>
    ),
  },
  {
    id: 'purchases',
    heading: 'Buying plates',
    content: (
      <>
        <p>
          You apply for plates through the three-step application: your personal details, your payment, and a
          confirmation with a reference number that starts with &lsquo;LP-&rsquo;. Keep the reference number; we ask for
          it whenever you contact us about the order.
        </p>
        <ul>
          <li>
            The price of a standard licence plate is {formatKwacha(pricing.platePrice)}. Each order also carries a
            processing fee of {formatKwacha(pricing.processingFee)} and, for card and mobile-money payments, a gateway
            fee that is a percentage of the plates&rsquo; price. You see the full total before you pay.
          </li>
          <li>
            Your order is accepted when we confirm your payment. We process applications within 24-48 hours, and
            approved plates are manufactured within 3-5 business days.
          </li>
          <li>
            Before any plate is made, an approved plate maker checks your vehicle&rsquo;s registration book (whitebook)
            and your NRC against the order. We will refuse or cancel an order if the documents do not match, and refund
            you as set out under Payments.
          </li>
          <li>
            You collect your plates from the approved plate maker named in your order, showing your NRC, or ask for
            delivery where it is offered. Plates must be fitted only to the vehicle they were issued for.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'reservations',
    heading: 'Reservations',
    content: (
      <>
        <p>You can reserve an available plate number in the marketplace while you gather your documents.</p>
        <ul>
          <li>
            A reservation costs a reservation fee of {reservationFee}. The fee is deducted from the plate&rsquo;s price
            when you complete the purchase, so a reservation costs nothing extra if you go ahead.
          </li>
          <li>
            We hold the number for you for {reservationDays} days from the moment you reserve it. Nobody else can buy or
            reserve it during that time.
          </li>
          <li>
            If you have not completed the purchase when the {reservationDays} days end, the reservation lapses, the
            number returns to the marketplace and the reservation fee is not refunded.
          </li>
          <li>
            If we cancel a reservation for a reason that is not your fault, for example because the number cannot
            lawfully be issued, we refund the reservation fee in full.
          </li>
          <li>Reservations are personal: you may not sell or transfer a reserved number to someone else.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'validity',
    heading: 'Plate validity',
    content: (
      <>
        <p>
          Every plate comes with a unique QR code, its registration and its digital documentation. A plate is valid for{' '}
          {validityYears} years from its registration date. The expiry date is shown in your dashboard, on your
          documents and to anyone who verifies the plate.
        </p>
        <ul>
          <li>
            We remind you before your plate expires. You renew it through your dashboard; an expired plate shows as
            expired when it is verified.
          </li>
          <li>
            We revoke a plate that was obtained with false documents, that is reported lost or stolen, or when a court
            or the competent authority requires it. A revoked plate shows as revoked when it is verified.
          </li>
          <li>
            If a plate is lost, stolen or damaged, report it in your dashboard or to support. We revoke the old plate
            and issue a replacement once you have applied and paid for it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    heading: 'Payments and refunds',
    content: (
      <>
        <p>
          All prices are in Zambian kwacha (ZMW) and include taxes. We accept MTN Mobile Money, Airtel Money, VISA and
          MasterCard cards, ZANACO and bank transfer. Payments are handled by licensed payment providers; we never see
          or store your full card number or mobile-money PIN.
        </p>
        <ul>
          <li>
            You can cancel an order for a full refund, less any gateway fee the payment provider has charged, until the
            plate maker starts manufacturing your plates.
          </li>
          <li>
            Once manufacturing has started, the plates are made for your vehicle alone and we cannot refund them, unless
            they are faulty or not what you ordered.
          </li>
          <li>If we cannot fulfil an order, we refund everything you paid for it.</li>
          <li>Refunds go back to the account or number you paid from, normally within 14 days.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'verification',
    heading: 'Verification',
    content: (
      <>
        <p>
          Anyone may verify a plate by scanning its QR code or typing its number. The answer reflects our records at the
          time of the check: whether the plate is authentic, and whether it is valid, expired or revoked, with its dates
          and a description of the vehicle. The public check never shows the owner&rsquo;s personal data.
        </p>
        <p>
          A verification result is evidence, not a legal ruling on the ownership of a vehicle. If a result looks wrong,
          or you suspect a plate is forged, tell us at{' '}
          <a href={`mailto:${legalContacts.support}`}>{legalContacts.support}</a> and, where a crime may be involved,
          the Zambia Police Service.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    content: (
      <>
        <p>When you use Nambala you must not:</p>
        <ul>
          <li>give false information, or use another person&rsquo;s NRC, whitebook or payment details;</li>
          <li>copy, alter or reproduce a plate&rsquo;s QR code, or fit a plate to a vehicle it was not issued for;</li>
          <li>
            run automated or bulk lookups of the verification service, or collect data from it to build another
            register;
          </li>
          <li>
            try to get around our security, probe for weaknesses, or interfere with the service or other people&rsquo;s
            use of it;
          </li>
          <li>pose as a law-enforcement officer, an agent or a member of our staff.</li>
        </ul>
        <p>
          We may limit, suspend or close access for anyone who breaks these rules, and report suspected crimes to the
          police.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    content: (
      <>
        <p>
          We provide the service with reasonable care and skill and keep it available as much as we can, including
          offline features on your device. We are not responsible for delays caused by events outside our reasonable
          control, such as network or power outages, or by a payment provider.
        </p>
        <p>
          We are not liable for indirect or consequential loss, such as lost income or business. Our total liability for
          any order is limited to the amount you paid for that order. Nothing in these terms limits a liability that
          cannot be limited under Zambian law, including your rights under the Competition and Consumer Protection Act
          No. 24 of 2010.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    content: (
      <p>
        We may update these terms when our service or the law changes. The date at the top of this page shows the latest
        version. We tell account holders about significant changes by email at least 14 days before they take effect;
        orders already placed stay under the terms that applied when you placed them.
      </p>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of the Republic of Zambia. If you have a complaint, please contact us first
        so that we can try to put it right. Any dispute we cannot settle together is decided by the courts of Zambia.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    content: (
      <>
        <p>
          Questions about these terms: <a href={`mailto:${legalContacts.support}`}>{legalContacts.support}</a>,{' '}
          {legalContacts.supportHours}. You can also write to {legalContacts.postalAddress}, or use the form on our{' '}
          <RouterLink to={paths.aboutContact}>About &amp; Contact</RouterLink> page.
        </p>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={LAST_UPDATED}
      summary="The rules for using Nambala to buy, reserve, register and verify Zambian licence plates: what we promise you, and what we ask of you."
      sections={sections}
    />
  );
}
