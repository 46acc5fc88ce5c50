import { z } from 'astro/zod';

/**
 * The check digit of a German VAT id (USt-IdNr.): ISO 7064 MOD 11,10 over the first eight of its
 * nine digits, as the Federal Central Tax Office computes it. Returns the digit the ninth must be.
 */
export function germanVatCheckDigit(firstEight: string): number {
  let product = 10;
  for (const digit of firstEight) {
    const sum = (Number(digit) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** A German VAT id whose form and check digit hold, so a typo in the imprint stops the build. */
export const germanVatId = z
  .string()
  .regex(/^DE\d{9}$/, 'must be a German VAT id: DE and nine digits')
  .refine((id) => !/^DE\d{9}$/.test(id) || germanVatCheckDigit(id.slice(2, 10)) === Number(id[10]), {
    error: (issue) => {
      const id = String(issue.input);
      return `fails the check digit of a German VAT id (ISO 7064 MOD 11,10): ${id.slice(0, 10)} must end in ${germanVatCheckDigit(id.slice(2, 10))}`;
    },
  });
