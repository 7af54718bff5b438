// What an officer at the roadside should do now, for each verdict, written from the verdict's
// own words (verdictInstruction in roadside-verdict.ts draws them). Apart from the public's
// words so that the public verification page does not load them.
import type { InstructionWords } from './roadside-verdict';

export const OFFICER_INSTRUCTIONS = {
  Valid: null,
  Stolen:
    'Reported stolen: stop the vehicle and keep it here. Hold the driver, call it in, and do not hand the car back.',
  Revoked:
    'Plate revoked: this plate may not be used. Stop the vehicle, take the driver’s details and the plate, and report it.',
  'Not authentic':
    'Not authentic: treat the plate as forged. Stop the vehicle, type the number by hand, and compare the car with the registry’s.',
  Expired:
    'Registration expired: stop the vehicle and tell the driver it may not be driven until the registration is renewed.',
  'Not yet issued':
    'Not yet issued: no vehicle is registered with this number, so it should not be on a car. Stop the vehicle and check its papers.',
  'Unknown plate':
    'Unknown plate: type the number again to rule out a mistake; if it is still unknown, treat the plate as fake and stop the vehicle.',
} as const satisfies InstructionWords;
