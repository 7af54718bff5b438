// The vehicle texts a plate credential carries (make, model, colour) are held to the
// credential's byte limits wherever they are first typed — the shop's whitebook sale, the
// application wizard, the owner's fleet — so a value a form accepts can always be signed.
import { CREDENTIAL_TEXT_MAX_BYTES, type CredentialTextField, utf8ByteLength } from './credential';

/** The most characters a form lets through for the field (plain letters; accented ones take two of them). */
export const credentialTextMax = (field: CredentialTextField): number => CREDENTIAL_TEXT_MAX_BYTES[field];

export const credentialTextTooLong = (label: string, field: CredentialTextField) =>
  `${label} must be at most ${CREDENTIAL_TEXT_MAX_BYTES[field]} characters (letters such as ë count as two)`;

/** Whether a trimmed value fits its place in the credential, as the server will sign it (NFC). */
export const fitsCredential =
  (field: CredentialTextField) =>
  (value: string): boolean =>
    utf8ByteLength(value.normalize('NFC')) <= CREDENTIAL_TEXT_MAX_BYTES[field];
