// docs/requirements.md#5-rules: a standard local-part@domain pattern with a domain suffix of at least 2 letters.
// Local part: letters, digits and . _ % + - ; domain labels: letters, digits and dashes, no empty label.
const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** The longest address SMTP can carry (RFC 5321): anything longer is not an email we can use. */
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string | null | undefined): boolean {
  if (!value) return false;
  const email = value.trim();
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);
}
