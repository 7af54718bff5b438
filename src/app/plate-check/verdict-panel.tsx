/**
 * The results panel (spec: Valid green check, Expired red, anything else a yellow
 * warning; stolen and revoked red too, as alarming as expired): the verdict, the
 * registered vehicle in large type so a plate on the wrong car stands out, the dates,
 * and how fresh the device's data is. A new verdict is scrolled into view and takes
 * focus on its heading, which names it, so at the roadside on a phone it is seen and
 * heard at once rather than below the fold.
 */
import { describeAge, isClockOff } from '#domain/credential/freshness';
import { verdictHeadline, verdictTone } from '#domain/credential/presentation';
import { unissuedExplanation, unissuedHeadline } from '#domain/plates/lifecycle';
import { coverText } from '#domain/registry/cover';
import { type ReactElement, useEffect, useLayoutEffect, useRef } from 'react';
import { Alert } from '@chakra-ui/react';
import { bandWord, standingText, type InstructionWords, verdictInstruction } from '#domain/police/roadside-verdict';
import { CHECK_DRAWING, CLOCK_DRAWING, WARNING_DRAWING } from '../components/icon-drawings';
import { formatDay } from '../components/format-date-time';
import { PlainIcon } from '../components/plain-icon';
import { WithPlateNumbers } from '../components/plate-number';
import { VERDICT_SHOWN_MARK } from '../verdicts/verdict-measure';
import { staticClasses } from '../theme/static-styles';
import type { VerificationOutcome, VerificationResult } from '../verdicts/verify';
import { outcomeStanding } from '../verdicts/outcome-standing';
import { clearEarlyVerdict } from './early-verdict-slot';
import type { VerdictPalette, verdictStyles } from './verdict-panel.styles';

// The panel before any verdict is part of the page's first view, and a verdict is drawn as
// Chakra would draw it, both styled at build time (verdict-panel.styles.tsx, decision 039):
// the roadside's answer makes no style, and needs no design system, when it is shown. The
// rarer answers (no verdict, a device clock that is off) are Chakra's alerts.
const cls = staticClasses<typeof verdictStyles>('verdict');

const TONE = {
  valid: { palette: 'green', icon: CHECK_DRAWING },
  expired: { palette: 'red', icon: CLOCK_DRAWING },
  alarm: { palette: 'red', icon: WARNING_DRAWING },
  warning: { palette: 'yellow', icon: WARNING_DRAWING },
} as const satisfies Record<string, { palette: VerdictPalette; icon: ReactElement }>;

const BY_PALETTE = {
  green: { band: cls('bandGreen'), heading: cls('headingGreen'), instruction: cls('instructionGreen') },
  red: { band: cls('bandRed'), heading: cls('headingRed'), instruction: cls('instructionRed') },
  yellow: { band: cls('bandYellow'), heading: cls('headingYellow'), instruction: cls('instructionYellow') },
} as const satisfies Record<VerdictPalette, Record<string, string>>;

/** A plate number kept on one line (PlateNumber, drawn plain). */
function PlainPlateNumber({ number, testId }: { number: string; testId?: string }) {
  return (
    <span className={cls('plateNumber')} data-plate-number="" data-testid={testId}>
      {number}
    </span>
  );
}

/**
 * Below a sticky header (64 px), a verdict scrolled to the top would hide under it, and so
 * would the result card's own heading above it ("Verification Result"): 8rem keeps both in view.
 */
const SCROLL_MARGIN = '32';

/** The band's word when the device cannot confirm a Valid verdict: short enough for 360 px at 36 px. */
const UNCONFIRMED_WORD = 'Unsure';

const SOURCE_TEXT: Record<VerificationResult['source'], string> = {
  credential: 'Checked against the signed QR code, on this device.',
  registry: 'Checked against the registry.',
  'device-copy': 'Checked against the registry copy on this device (offline).',
};

function ageOf(iso: string | null, now: number): string {
  return iso ? describeAge(iso, new Date(now).toISOString()) : 'never';
}

function Freshness({ result }: { result: VerificationResult }) {
  // Ages as they were when the check was made: what the verdict rested on.
  const now = Date.parse(result.checkedAt);
  const { freshness } = result;
  const skew = freshness.clockSkewMs;
  return (
    <div className={cls('freshness')}>
      <p>{SOURCE_TEXT[result.source]}</p>
      {result.source !== 'registry' && (
        <p>
          Keys updated {ageOf(freshness.keysFetchedAt, now)}; revocation list updated{' '}
          {ageOf(freshness.revocationsFetchedAt, now)}
          {freshness.registryUpdatedAt ? `; registry copy updated ${ageOf(freshness.registryUpdatedAt, now)}` : ''}.
        </p>
      )}
      {skew !== null && isClockOff(skew) && (
        <Alert.Root status="warning" size="sm" mt="1">
          <Alert.Indicator />
          <Alert.Description>
            This device’s clock is {Math.round(Math.abs(skew) / 60_000)} minutes {skew > 0 ? 'behind' : 'ahead of'} the
            registry’s. Expiry was judged by the registry’s time; set the device clock to automatic.
          </Alert.Description>
        </Alert.Root>
      )}
    </div>
  );
}

export function VerdictPanel({
  outcome,
  isChecking,
  instructions,
  onRefresh,
}: {
  outcome: VerificationOutcome | null;
  isChecking: boolean;
  /** What to do now, in whose words: an officer's (officer-instructions.ts), or the public's (the default). */
  instructions?: InstructionWords;
  /** Refreshes the device's keys, list and copy: offered when out-of-date data weakens a verdict. */
  onRefresh?: () => void;
}) {
  const shownRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (!outcome) return;
    // The benchmark measures camera start, or Enter, to here. A verdict drawn before the
    // app had started (early-verdict.ts) gives way in this frame: the same markup, so nothing moves.
    if (outcome.kind === 'result') performance.mark(VERDICT_SHOWN_MARK);
    clearEarlyVerdict();
  }, [outcome]);
  useEffect(() => {
    // Each new verdict (or the reason there is none): bring it into view and move focus to
    // the heading that names it, so a screen reader says it at once.
    if (isChecking || !outcome) return;
    shownRef.current?.scrollIntoView({ block: 'start' });
    (headingRef.current ?? shownRef.current)?.focus({ preventScroll: true });
  }, [outcome, isChecking]);
  if (isChecking) return <p className={cls('muted')}>Checking…</p>;
  if (!outcome) return <p className={cls('muted')}>Enter a plate number or scan a QR code to see its status here.</p>;
  if (outcome.kind === 'problem') {
    return (
      <Alert.Root
        status="info"
        data-testid="verification-problem"
        ref={shownRef}
        tabIndex={-1}
        outline="none"
        scrollMarginTop={SCROLL_MARGIN}
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{outcome.title}</Alert.Title>
          <Alert.Description>{outcome.detail}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const toneName = verdictTone(outcome.verdict);
  const standing = outcomeStanding(outcome);
  // Out-of-date data on the device turns a Valid band to the caution colour (roadside-verdict.ts).
  const tone = standing.standing === 'current' ? TONE[toneName] : TONE.warning;
  const palette = BY_PALETTE[tone.palette];
  const vehicle = outcome.vehicle;
  const instruction = verdictInstruction(outcome.verdict, instructions);
  const caution = standingText(standing, formatDay);
  return (
    <div
      className={cls('panel')}
      data-testid="verification-result"
      data-verdict={outcome.verdict}
      data-tone={toneName}
      data-standing={standing.standing}
      ref={shownRef}
    >
      <div className={palette.band} data-testid="verdict-band">
        <PlainIcon drawing={tone.icon} className={cls('bandIcon')} />
        <p className={cls('bandWord')} data-testid="verdict-word" aria-hidden>
          {standing.standing === 'unconfirmed' ? UNCONFIRMED_WORD : bandWord(outcome.verdict)}
        </p>
      </div>
      <div className={cls('headline')}>
        <h3 className={palette.heading} ref={headingRef} tabIndex={-1} data-testid="verdict-heading">
          {outcome.stage ? unissuedHeadline(outcome.stage) : verdictHeadline(outcome.verdict)}
          {outcome.plateNumber && <span className={cls('hidden')}>: {outcome.plateNumber}</span>}
        </h3>
      </div>
      {outcome.plateNumber && (
        <p className={cls('bigPlate')} aria-hidden>
          <PlainPlateNumber number={outcome.plateNumber} testId="verdict-plate-number" />
        </p>
      )}
      {vehicle && (
        <div className={cls('vehicle')}>
          <p className={cls('vehicleLabel')}>Registered vehicle — check it matches the car</p>
          <p className={cls('vehicleName')} data-testid="registered-vehicle">
            {vehicle.colour} {vehicle.make} {vehicle.model}
            {vehicle.year ? ` (${vehicle.year})` : ''}
          </p>
        </div>
      )}
      {instruction && (
        <p className={palette.instruction} data-testid="verdict-instruction">
          {instruction}
        </p>
      )}
      {caution && (
        <div className={palette.instruction} data-testid="verdict-standing">
          <p>{caution}</p>
          {onRefresh && (
            <button type="button" className={cls('refreshButton')} onClick={onRefresh}>
              Refresh now
            </button>
          )}
        </div>
      )}
      {outcome.reason && (
        <p>
          <WithPlateNumbers text={outcome.reason} numbers={[outcome.plateNumber]} NumberPart={PlainPlateNumber} />
        </p>
      )}
      {outcome.revocation && (
        <p>
          {outcome.revocation.status === 'Stolen' ? 'Reported stolen' : 'Revoked'} on {formatDay(outcome.revocation.at)}
          .
        </p>
      )}
      {outcome.verdict === 'Unknown plate' && (
        <p>No plate with this number has been issued by the registry. A plate showing it may be fake.</p>
      )}
      {outcome.stage && <p>{unissuedExplanation(outcome.stage)}</p>}
      {(outcome.registrationDate || outcome.expiryDate || outcome.ownerName) && (
        <dl className={cls('details')}>
          {outcome.ownerName && <Detail label="Registered owner" value={outcome.ownerName} testId="owner-name" />}
          <Detail label="Registration date" value={formatDay(outcome.registrationDate)} />
          <Detail label="Expiry date" value={formatDay(outcome.expiryDate)} />
          {outcome.insurance !== undefined && (
            <Detail
              label="Insurance"
              value={coverText(outcome.insurance, formatDay)}
              testId="insurance-cover"
              isAlarm={outcome.insurance === 'none'}
            />
          )}
          {outcome.serials && <SerialsDetail serials={outcome.serials} />}
        </dl>
      )}
      {outcome.serials && (
        <p className={cls('serialsHint')} data-testid="serials-hint">
          Compare with the serial stamped on each plate: a plate whose serial differs is not the one registered (a
          clone).
        </p>
      )}
      <div className={cls('source')}>
        <PlainIcon drawing={CLOCK_DRAWING} className={cls('sourceIcon')} />
        <Freshness result={outcome} />
      </div>
    </div>
  );
}

/** The blanks' serials, each kept whole on its line ("front ZB-0100003, rear ZB-0100004"). */
function SerialsDetail({ serials }: { serials: { front: string; rear: string } }) {
  // serialsText's words ("front …, rear …"), written here: the serials module is not loaded with the public page.
  const [front, rear] = [`front ${serials.front}`, `rear ${serials.rear}`];
  return (
    <div className={cls('detail')}>
      <dt className={cls('detailLabel')}>Serials</dt>
      <dd className={cls('detailValue')} data-testid="blank-serials">
        {/* One inline box: the value's flex layout would drop the space and keep the two on one line. */}
        <span>
          <span className={cls('plateNumber')}>{front},</span> <span className={cls('plateNumber')}>{rear}</span>
        </span>
      </dd>
    </div>
  );
}

function Detail({
  label,
  value,
  testId,
  isAlarm = false,
}: {
  label: string;
  value: string;
  testId?: string;
  isAlarm?: boolean;
}) {
  return (
    <div className={cls('detail')}>
      <dt className={cls('detailLabel')}>{label}</dt>
      <dd className={cls(isAlarm ? 'detailValueAlarm' : 'detailValue')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
