/**
 * Help Center and FAQs (/help): answers written from what the app does, with its figures
 * from the server's price settings (the published defaults until they arrive), so an
 * answer and the Pricing page cannot disagree. Questions are native <details>: they open
 * with a tap, Enter or Space, before the app has started too, and each has an address
 * (/help#reserve) that opens it.
 */
import { CONFIRM_LINK_HOURS, RESET_LINK_MINUTES } from '#domain/accounts/account-links';
import { formatKwacha } from '#domain/money/money';
import { BANK_TRANSFER_HOLD_MS } from '#domain/payments/payment-outcome';
import type { PricingSettings } from '#domain/pricing/pricing';
import { REMINDER_DAYS } from '#domain/plates/renewal';
import { Box, chakra, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { TextLink } from '../../components/text-link';
import { paths } from '../../config/paths';
import { usePricingSettings } from '../../payments/pricing-settings';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

interface Topic {
  id: string;
  title: string;
  questions: Question[];
}

const BANK_TRANSFER_DAYS = BANK_TRANSFER_HOLD_MS / (24 * 60 * 60 * 1000);

function topics(pricing: PricingSettings): Topic[] {
  const reminders = REMINDER_DAYS.join(', ').replace(/, (\d+)$/, ' and $1');
  return [
    {
      id: 'buying',
      title: 'Buying and reserving plates',
      questions: [
        {
          id: 'buy',
          question: 'How do I buy a plate?',
          answer: (
            <>
              Pick a number in the <TextLink to={paths.marketplace}>Marketplace</TextLink> and choose Buy, or apply for
              a number of your own through the <TextLink to={paths.buyProcess}>Buy Process</TextLink>. You sign in, give
              the owner&rsquo;s and vehicle&rsquo;s details, and pay. Once the payment is confirmed the number is held
              for you, a licensed plate maker makes the plate, and you collect it; the sale registers it in your name.
            </>
          ),
        },
        {
          id: 'cost',
          question: 'What does a plate cost?',
          answer: (
            <>
              {formatKwacha(pricing.platePrice)} per plate, plus a processing fee of{' '}
              {formatKwacha(pricing.processingFee)} and the payment method&rsquo;s fee. The{' '}
              <TextLink to={paths.pricing}>Pricing</TextLink> page works out the total for any number of plates and any
              method before you pay.
            </>
          ),
        },
        {
          id: 'reserve',
          question: 'Can I reserve a number before I buy it?',
          answer: `Yes. A reservation costs ${formatKwacha(pricing.reservationFee)} and holds the number for you alone for ${pricing.reservationDays} days; My Plates & Orders shows the time left. Buy it within that time or the number returns to the Marketplace. If you cancel a reservation, the fee is not refunded: it paid for the number being held.`,
        },
        {
          id: 'pay',
          question: 'How can I pay?',
          answer: `By MTN Mobile Money or Airtel Money (you approve the payment on your phone), by Visa or MasterCard, or by bank transfer. A bank transfer holds your plate for ${BANK_TRANSFER_DAYS} days while we wait for the money; the plate is yours once the transfer is confirmed. A declined payment changes nothing: you can try again or choose another method.`,
        },
      ],
    },
    {
      id: 'owning',
      title: 'Owning a plate',
      questions: [
        {
          id: 'validity',
          question: 'How long is a registration valid, and how do I renew it?',
          answer: `A registration is valid for ${pricing.validityYears} years. We remind you ${reminders} days before it expires, by email and, when your account has a mobile number, by SMS. Renewing costs ${formatKwacha(pricing.renewalFee)} and is done from My Plates & Orders in your dashboard.`,
        },
        {
          id: 'certificate',
          question: 'Where are my certificate and QR code?',
          answer:
            'Under Certificates in your dashboard: a PDF certificate with the plate\u2019s signed QR code, and the QR code alone as an image. Both are made on your device and can be downloaded again at any time.',
        },
        {
          id: 'transfer',
          question: 'How do I transfer a plate to a new owner?',
          answer:
            'In My Plates & Orders choose Transfer and enter the new owner\u2019s email or phone number; they need a Nambala account. The transfer completes when they accept it in their dashboard with their name and NRC number as on their ID; the plate then gets a new signed credential in their name, the old one stops being valid, and roadside checks show the new owner.',
        },
      ],
    },
    {
      id: 'verification',
      title: 'Checking a plate',
      questions: [
        {
          id: 'verify',
          question: 'How do I check that a plate is genuine?',
          answer: (
            <>
              Open <TextLink to={paths.verification}>Verification</TextLink> and type the number, or scan the QR code on
              the plate or certificate. The answer says whether the plate is Valid, Expired, Revoked or Reported stolen,
              or a number that has not been issued; a number Nambala does not know may be fake.
            </>
          ),
        },
        {
          id: 'offline-check',
          question: 'Does checking work without a signal?',
          answer:
            'Yes, for a QR code: it carries a signature the app checks on the device. Police officers\u2019 devices also keep a copy of the registry, so they can check a typed number offline; the answer says how recent that copy is.',
        },
      ],
    },
    {
      id: 'account',
      title: 'Your account',
      questions: [
        {
          id: 'signup',
          question: 'I signed up. Why must I open a link?',
          answer: `After Create Account we send a message to the email you gave. Open the link in it within ${CONFIRM_LINK_HOURS} hours and choose Create My Account: that shows the email is yours, and your account is made. If the email already has an account, the message says so and how to log in instead.`,
        },
        {
          id: 'forgot',
          question: 'I forgot my password. What now?',
          answer: (
            <>
              Choose <TextLink to={paths.forgotPassword}>Forgot password?</TextLink> on the Login page and enter your
              email. We send a link by email (and SMS when your account has a mobile number); it works once, within{' '}
              {RESET_LINK_MINUTES} minutes. Choosing a new password signs your account out on every device.
            </>
          ),
        },
        {
          id: 'pending',
          question: 'Why is my account pending?',
          answer:
            'Plate makers (Agent accounts) and Law Enforcement accounts are approved by an administrator before they can use their part of the app; you are told by email when that happens. Individual, fleet and corporate accounts can start at once. Insurance agent accounts are set up by an administrator.',
        },
        {
          id: 'offline',
          question: 'What happens when I lose my connection?',
          answer:
            'What you record is kept on your device and sent when the connection returns; the header shows how many changes are waiting. Things that need the server at that moment, such as paying, transferring a plate or signing in, say so and wait for a connection.',
        },
        {
          id: 'install',
          question: 'Can I install Nambala on my phone?',
          answer:
            'Yes. Where your browser offers it, choose Install app in the menu; on an iPhone, open Nambala in Safari, tap Share and then Add to Home Screen. Installed, it opens like any other app and works offline.',
        },
      ],
    },
  ];
}

export function HelpPage() {
  const { settings } = usePricingSettings();
  const { hash } = useLocation();

  // /help#reserve opens that question and brings it into view.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: 'start' });
    }
  }, [hash]);

  return (
    <Box bg="bg.subtle" py={{ base: '10', md: '16' }}>
      <Container maxW="3xl">
        <Stack gap="3" mb={{ base: '8', md: '10' }}>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Help Center
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Answers to the questions people ask most. Not here? <TextLink to={paths.aboutContact}>Contact us</TextLink>{' '}
            and we will get back to you.
          </Text>
        </Stack>
        <Stack gap="8" id="faqs">
          {topics(settings).map((topic) => (
            <Stack as="section" key={topic.id} gap="3" aria-labelledby={`help-${topic.id}`}>
              <Heading as="h2" size="lg" id={`help-${topic.id}`}>
                {topic.title}
              </Heading>
              {topic.questions.map((item) => (
                <chakra.details
                  key={item.id}
                  id={item.id}
                  bg="bg"
                  borderWidth="1px"
                  rounded="lg"
                  px="4"
                  py="3"
                  scrollMarginTop="20"
                >
                  <chakra.summary
                    fontWeight="semibold"
                    cursor="pointer"
                    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
                  >
                    {item.question}
                  </chakra.summary>
                  <Text mt="2" color="fg.muted">
                    {item.answer}
                  </Text>
                </chakra.details>
              ))}
            </Stack>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
