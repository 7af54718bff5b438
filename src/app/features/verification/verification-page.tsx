/**
 * Plate verification (spec section 2, "Verification"): Manual Entry and QR Scan
 * tabs, a results panel, and why verification matters. A plate's QR code opens this
 * page at /v#<credential>; the credential is checked on the device, so it works with
 * no signal once the device has the registry's keys.
 */
import { memo, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  CHECK_DRAWING,
  QR_DRAWING,
  SEARCH_DRAWING,
  SHIELD_DRAWING,
  WARNING_DRAWING,
} from '../../components/icon-drawings';
import { PlainIcon } from '../../components/plain-icon';
import { PlainTabs } from '../../components/plain-tabs';
import { LoadedPart } from '../../components/loaded-part';
import { onDemand } from '../../components/loaded-when-open';
import { useFollowedState } from '../../components/use-followed-state';
import { getSession } from '../../session/session-store';
import { staticClasses } from '../../theme/static-styles';
import { ManualEntryForm } from '../../plate-check/manual-entry-form';
import { useVerification } from '../../plate-check/use-verification';
import { EARLY_VERDICT_SLOT } from '../../plate-check/early-verdict-slot';
import { VerdictPanel } from '../../plate-check/verdict-panel';
import type { verificationStyles } from './verification-page.styles';

// The first view is styled at build time (verification-page.styles.tsx, decision 039): it draws
// without Chakra; a verdict's panel draws with it.
const cls = staticClasses<typeof verificationStyles>('verification');
// The camera's panel loads when QR Scan is chosen (or once the page is ready and idle, onDemand).
const qrScanner = onDemand(() => import('../../plate-check/qr-scanner').then((module) => module.QrScanner));

const REASONS = [
  {
    drawing: SHIELD_DRAWING,
    title: 'Stop cloned plates',
    text: 'A genuine plate carries a signed QR code tied to the registered vehicle’s make, model and colour, so a plate on the wrong car stands out.',
  },
  {
    drawing: CHECK_DRAWING,
    title: 'Protect buyers',
    text: 'Check a second-hand vehicle’s plate before you pay, and know it is registered and in date.',
  },
  {
    drawing: WARNING_DRAWING,
    title: 'Support enforcement',
    text: 'Officers get an authentic, expired or revoked verdict in under a second at the roadside, even with no signal.',
  },
] as const;

const isOfficer = () => {
  const session = getSession();
  return session.status === 'signed-in' && session.user.roles.includes('police');
};

/** Static: a check does not redraw it. */
const WhyVerificationMatters = memo(function WhyVerificationMatters() {
  return (
    <section aria-labelledby="why-verification">
      <h2 id="why-verification" className={cls('whyHeading')}>
        Why Verification Matters
      </h2>
      <div className={cls('reasons')}>
        {REASONS.map((reason) => (
          <div key={reason.title} className={cls('card')}>
            <div className={cls('reasonBody')}>
              <PlainIcon drawing={reason.drawing} className={cls('reasonIcon')} />
              <h3 className={cls('reasonTitle')}>{reason.title}</h3>
              <p className={cls('muted')}>{reason.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
});

/** React never writes into it, nor compares it when hydrating: the entry script may have drawn a verdict there. */
const LEFT_TO_THE_ENTRY_SCRIPT = { __html: '' };

/**
 * Where a verdict drawn before the app had started shows (early-verdict.ts); while it
 * does, the app's panel after it is hidden, until the app shows its own outcome.
 */
const EarlyVerdictSlot = memo(function EarlyVerdictSlot() {
  return (
    <div
      {...{ [EARLY_VERDICT_SLOT]: '' }}
      className={cls('earlyVerdictSlot')}
      dangerouslySetInnerHTML={LEFT_TO_THE_ENTRY_SCRIPT}
      suppressHydrationWarning
    />
  );
});

export function VerificationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { outcome, isChecking, verifyText, verifyNumber, clear } = useVerification({ logChecks: isOfficer() });
  const scannedLink = location.hash.length > 1 ? location.hash.slice(1) : null;
  // The tab answers a press at once; the address follows (useFollowedState).
  const [tab, setTab] = useFollowedState<'manual' | 'scan'>(
    scannedLink || searchParams.get('tab') === 'scan' ? 'scan' : 'manual',
  );
  const typedPlate = searchParams.get('plate') ?? '';

  // Opened from a plate's QR code (/v#digits): verify at once. From the home page's
  // Verify Plate (?plate=): check that number at once.
  useEffect(() => {
    if (scannedLink) void verifyText(scannedLink);
    else if (typedPlate.trim() !== '') void verifyNumber(typedPlate);
    // Only on arrival: later changes come from the forms.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scannedLink]);

  return (
    <div className={cls('container')}>
      <div className={cls('stack')}>
        <div className={cls('intro')}>
          <h1 className={cls('title')}>Plate Verification</h1>
          <p className={cls('lead')}>Check that a Zambian licence plate is genuine, registered and in date.</p>
        </div>
        <div className={cls('columns')}>
          <div className={cls('card')}>
            <div className={cls('cardBody')}>
              <PlainTabs.Root
                className={cls('tabs')}
                value={tab}
                onValueChange={(event) => {
                  setTab(event.value === 'scan' ? 'scan' : 'manual');
                  setSearchParams(
                    (params) => {
                      params.set('tab', event.value);
                      return params;
                    },
                    { replace: true },
                  );
                }}
              >
                <PlainTabs.List className={cls('tabList')}>
                  <PlainTabs.Trigger value="manual" className={cls('tab')}>
                    <PlainIcon drawing={SEARCH_DRAWING} className={cls('tabIcon')} /> Manual Entry
                  </PlainTabs.Trigger>
                  <PlainTabs.Trigger value="scan" className={cls('tab')}>
                    <PlainIcon drawing={QR_DRAWING} className={cls('tabIcon')} /> QR Scan
                  </PlainTabs.Trigger>
                </PlainTabs.List>
                <PlainTabs.Content value="manual" className={cls('tabPanel')}>
                  <ManualEntryForm
                    initial={typedPlate}
                    isChecking={isChecking}
                    onVerify={(plate) => void verifyNumber(plate)}
                  />
                </PlainTabs.Content>
                <PlainTabs.Content value="scan" className={cls('tabPanel')}>
                  {/* Drawn when chosen: the camera's panel is Chakra's, and its code not part of the first load. */}
                  {tab === 'scan' && (
                    <LoadedPart
                      source={qrScanner}
                      props={{
                        onDecoded: (text: string) => void verifyText(text),
                        onStart: clear,
                        disabled: isChecking,
                      }}
                      label="Loading the QR scanner"
                    />
                  )}
                </PlainTabs.Content>
              </PlainTabs.Root>
            </div>
          </div>
          <div aria-live="polite" aria-busy={isChecking} className={cls('card')}>
            <div className={cls('cardBody')}>
              <h2 className={cls('resultHeading')}>Verification Result</h2>
              <EarlyVerdictSlot />
              <VerdictPanel outcome={outcome} isChecking={isChecking} />
            </div>
          </div>
        </div>
        <WhyVerificationMatters />
      </div>
    </div>
  );
}
