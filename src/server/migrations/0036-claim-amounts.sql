-- A claim's money, in integer ngwee (ZMW): the amount claimed (recorded with the claim), the
-- assessed amount (recorded while Under Assessment), the approved amount (asked when
-- approving: at most the assessed amount and the amount claimed) and the amount paid (the
-- approved amount, once, in full) with how, the payment's reference and its day. Claims made
-- before this migration have no amounts: they are NULL, and such a claim cannot be approved
-- until its amounts are recorded (one already Approved or Paid keeps none). Decision 059.
ALTER TABLE insurance_claims
  ADD COLUMN claimed_ngwee bigint CHECK (claimed_ngwee > 0 AND claimed_ngwee <= 1000000000),
  ADD COLUMN assessed_ngwee bigint CHECK (assessed_ngwee >= 0 AND assessed_ngwee <= 1000000000),
  ADD COLUMN approved_ngwee bigint CHECK (approved_ngwee > 0 AND approved_ngwee <= 1000000000),
  ADD COLUMN paid_ngwee bigint CHECK (paid_ngwee > 0 AND paid_ngwee <= 1000000000),
  ADD COLUMN payment_method text CHECK (payment_method IN ('Bank transfer', 'Mobile money', 'Cheque')),
  ADD COLUMN payment_reference text CHECK (length(payment_reference) BETWEEN 1 AND 100),
  ADD COLUMN paid_on date,
  -- The approved amount never exceeds the assessed amount or the amount claimed, and a claim is paid exactly what was approved.
  ADD CONSTRAINT insurance_claims_approved_within CHECK (
    approved_ngwee IS NULL OR (approved_ngwee <= assessed_ngwee AND approved_ngwee <= claimed_ngwee)
  ),
  ADD CONSTRAINT insurance_claims_paid_in_full CHECK (paid_ngwee IS NULL OR paid_ngwee = approved_ngwee),
  ADD CONSTRAINT insurance_claims_payment_whole CHECK (
    (paid_ngwee IS NULL) = (payment_method IS NULL)
    AND (paid_ngwee IS NULL) = (payment_reference IS NULL)
    AND (paid_ngwee IS NULL) = (paid_on IS NULL)
  );
